import { setTimeout as sleep } from 'node:timers/promises';
import { targetVersion } from '@portal/api/domain';
import type { Database, Queryable } from '../../../../db/database.ts';
import { DriverError, type OperationContext } from '../../../../platform/driver.ts';
import { oncePerTask } from '../../../../platform/tasks/once.ts';
import {
  ContainmentFacts,
  type DetectionFacts,
  type EndpointDriver,
  type EndpointFacts,
  type HostFacts,
  type Machine,
  type SensorSettings,
} from '../../driver.ts';
import { DETECTION_TEMPLATES, endpointsOf, hash } from './catalogue.ts';

const HOUR = 3_600_000;
/** A new sensor version is released every RELEASE_HOURS (at speed 1). */
export const RELEASE_HOURS = 24;
/** Versions already released when the platform starts. */
export const INITIAL_RELEASES = 4;
/** An online host installs the version its policy asks for this long after the ask changed. */
export const UPDATE_MINUTES = 120;
/** Each online host may raise one detection per slot. */
export const DETECTION_SLOT_MINUTES = 60;
/** The slots a subscription's first round looks back on, so a new one is not empty. */
export const BACKFILL_SLOTS = 36;
/** About one slot in DETECTION_ODDS raises a detection on a host. */
export const DETECTION_ODDS = 14;
/** Seconds containing or lifting takes (at speed 1). */
export const CONTAIN_SECONDS = 4;

/** The k-th sensor release, from the oldest (`7.12.17800`). */
export const versionAt = (k: number): string => `7.${12 + k}.${17800 + k * 131}`;

interface SimHost {
  ref: string;
  hostname: string;
  os: string;
  kind: 'vm' | 'endpoint';
  installed_version: string;
  target_version: string | null;
  target_since: Date | null;
  last_seen: Date;
  online: boolean;
  contained: boolean;
}

/**
 * The simulated EDR platform. A sensor runs on each of the tenant's VMs and on a few endpoints
 * (laptops) per subscription; a sensor checks in while its machine runs, installs the version the
 * policy asks for UPDATE_MINUTES after the ask changed, and raises detections deterministically
 * from (subscription, host, hour). Releases follow from one origin kept in the database, so a
 * restart changes nothing. Everything is divided by the speed factor.
 */
export class EndpointSimulator implements EndpointDriver {
  constructor(
    private readonly db: Database,
    private readonly options: { speed: number },
  ) {}

  private ms(simulated: number): number {
    return simulated / this.options.speed;
  }

  private async origin(q: Queryable, now: Date): Promise<number> {
    await q.query(
      'insert into sim_edr_platform (id, origin) values (1, $1) on conflict (id) do nothing',
      [now],
    );
    const rows = await q.query<{ origin: Date }>('select origin from sim_edr_platform');
    return new Date(rows[0]?.origin ?? now).getTime();
  }

  /** Released versions at `now`, newest first. */
  private releases(origin: number, now: number): { version: string; releasedAt: string }[] {
    const period = this.ms(RELEASE_HOURS * HOUR);
    const later = Math.max(0, Math.floor((now - origin) / period));
    const list: { version: string; releasedAt: string }[] = [];
    for (let k = 0; k < INITIAL_RELEASES + later; k += 1) {
      const at =
        k < INITIAL_RELEASES
          ? origin - (INITIAL_RELEASES - 1 - k) * 14 * 24 * HOUR
          : origin + (k - INITIAL_RELEASES + 1) * period;
      list.push({ version: versionAt(k), releasedAt: new Date(at).toISOString() });
    }
    return list.reverse();
  }

  async observeEndpoints(
    subscription: { id: number; tenantId: number },
    machines: readonly Machine[],
    settings: SensorSettings,
    at: Date,
  ): Promise<EndpointFacts> {
    return this.db.transaction(async (tx) => {
      const now = at.getTime();
      const origin = await this.origin(tx, at);
      const releases = this.releases(origin, now);
      const versions = releases.map((release) => release.version);
      const target = targetVersion(
        { mode: settings.mode, pinned_version: settings.pinnedVersion },
        versions,
      );
      const slotLength = this.ms(DETECTION_SLOT_MINUTES * 60_000);
      const slot = Math.floor((now - origin) / slotLength);
      await tx.query(
        `insert into sim_edr_subscription (subscription_id, tenant_id, observed_slot)
         values ($1, $2, $3) on conflict (subscription_id) do nothing`,
        [subscription.id, subscription.tenantId, slot - BACKFILL_SLOTS],
      );
      // One round at a time per subscription.
      const [state] = await tx.query<{ observed_slot: string }>(
        'select observed_slot from sim_edr_subscription where subscription_id = $1 for update',
        [subscription.id],
      );
      const observed = Math.max(Number(state?.observed_slot ?? slot), slot - BACKFILL_SLOTS);
      const known = new Map(
        (
          await tx.query<SimHost>(
            `select ref, hostname, os, kind, installed_version, target_version, target_since,
                    last_seen, online, contained
               from sim_edr_host where subscription_id = $1 order by ref for update`,
            [subscription.id],
          )
        ).map((host) => [host.ref, host]),
      );
      const present = [
        ...machines.map((machine) => ({
          ref: `vm-${machine.vmId}`,
          hostname: machine.name,
          os: machine.os,
          kind: 'vm' as const,
          running: machine.poweredOn,
        })),
        ...endpointsOf(subscription.id),
      ];
      const hosts: SimHost[] = [];
      const updateAfter = this.ms(UPDATE_MINUTES * 60_000);
      for (const machine of present) {
        const seed = hash(`${subscription.id}:${machine.ref}`);
        const before = known.get(machine.ref);
        known.delete(machine.ref);
        const host: SimHost = before ?? {
          ref: machine.ref,
          hostname: machine.hostname,
          os: machine.os,
          kind: machine.kind,
          installed_version: versions[Math.min(seed % 3, versions.length - 1)] ?? versionAt(0),
          target_version: target,
          target_since: at,
          last_seen: machine.running ? at : new Date(now - (2 + (seed % 6)) * 24 * HOUR),
          online: machine.running,
          contained: false,
        };
        host.hostname = machine.hostname;
        host.online = machine.running;
        if (host.target_version !== target) {
          host.target_version = target;
          host.target_since = at;
        }
        if (host.online) {
          host.last_seen = at;
          const since = host.target_since ? new Date(host.target_since).getTime() : now;
          if (target && host.installed_version !== target && now - since >= updateAfter)
            host.installed_version = target;
        }
        hosts.push(host);
      }
      // Sensors of deleted VMs stop checking in; the platform keeps them until they are hidden.
      for (const gone of known.values()) hosts.push({ ...gone, online: false });
      for (const host of hosts) await saveHost(tx, subscription.id, host);

      const detections: DetectionFacts[] = [];
      for (let s = observed + 1; s <= slot; s += 1) {
        for (const host of hosts) {
          if (!host.online) continue;
          const h = hash(`${subscription.id}:${host.ref}:${s}`);
          if (h % DETECTION_ODDS !== 0) continue;
          const template = DETECTION_TEMPLATES[(h >>> 5) % DETECTION_TEMPLATES.length];
          if (!template) continue;
          const start = origin + s * slotLength;
          const detectedAt = Math.min(now, start + ((h >>> 9) % 1000) * (slotLength / 1000));
          detections.push({
            ref: `${host.ref}:${s}`,
            hostRef: host.ref,
            ...template,
            detectedAt: new Date(detectedAt).toISOString(),
          });
        }
      }
      await tx.query(
        'update sim_edr_subscription set observed_slot = $2 where subscription_id = $1',
        [subscription.id, Math.max(slot, observed)],
      );
      return {
        releases,
        hosts: hosts.map((host): HostFacts => ({
          ref: host.ref,
          hostname: host.hostname,
          os: host.os,
          kind: host.kind,
          sensorVersion: host.installed_version,
          lastSeen: new Date(host.last_seen).toISOString(),
          online: host.online,
          contained: host.contained,
        })),
        detections,
      };
    });
  }

  async setContainment(
    ctx: OperationContext,
    subscriptionId: number,
    hostRef: string,
    contained: boolean,
  ): Promise<ContainmentFacts> {
    return oncePerTask(this.db, ctx, ContainmentFacts, {
      work: () => sleep(this.ms(CONTAIN_SECONDS * 1000), undefined, { signal: ctx.signal }),
      apply: async (tx) => {
        const [host] = await tx.query<{ hostname: string; online: boolean }>(
          `select hostname, online from sim_edr_host
          where subscription_id = $1 and ref = $2 for update`,
          [subscriptionId, hostRef],
        );
        if (!host) throw new DriverError('The host no longer reports to the platform.');
        if (contained && !host.online)
          throw new DriverError(
            `${host.hostname} is offline; it can be contained once its sensor checks in.`,
          );
        await tx.query(
          'update sim_edr_host set contained = $3 where subscription_id = $1 and ref = $2',
          [subscriptionId, hostRef, contained],
        );
        const facts: ContainmentFacts = { hostname: host.hostname, contained };
        return facts;
      },
    });
  }
}

async function saveHost(q: Queryable, subscriptionId: number, host: SimHost): Promise<void> {
  await q.query(
    `insert into sim_edr_host (subscription_id, ref, hostname, os, kind, installed_version,
                               target_version, target_since, last_seen, online, contained)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (subscription_id, ref) do update
       set hostname = excluded.hostname, installed_version = excluded.installed_version,
           target_version = excluded.target_version, target_since = excluded.target_since,
           last_seen = excluded.last_seen, online = excluded.online`,
    [
      subscriptionId,
      host.ref,
      host.hostname,
      host.os,
      host.kind,
      host.installed_version,
      host.target_version,
      host.target_since,
      host.last_seen,
      host.online,
      host.contained,
    ],
  );
}
