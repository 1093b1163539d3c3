import { setTimeout as sleep } from 'node:timers/promises';
import type { Database, Queryable } from '../../../../db/database.ts';
import type { OperationContext } from '../../../../platform/driver.ts';
import { vmPowerHistory } from '../../../compute/index.ts';
import type {
  CheckFacts,
  MonitoringDriver,
  ProbeCreatedFacts,
  ProbeDeletedFacts,
  ProbeChecks,
  ProbeSince,
  ProbeSpec,
} from '../../driver.ts';
import { checkAt, certificateExpiry } from './checks.ts';

/** Seconds setting up a probe takes at speed 1. */
export const CREATE_SECONDS = 3;
/** Seconds removing one takes at speed 1. */
export const DELETE_SECONDS = 1;

/**
 * The simulated monitoring platform. A probe's checks are a deterministic function of time (and
 * of its VM's power history), so they need no loop: asked for the checks since a time, it works
 * them out. Its only state is when each probe started and its certificate's expiry.
 */
export class MonitoringSimulator implements MonitoringDriver {
  constructor(
    private readonly db: Database,
    private readonly options: { speed: number },
  ) {}

  checkPeriodMs(intervalSeconds: number): number {
    return (intervalSeconds * 1000) / this.options.speed;
  }

  async createProbe(
    ctx: OperationContext,
    monitorId: number,
    spec: ProbeSpec,
  ): Promise<ProbeCreatedFacts> {
    const known = await this.probe(monitorId);
    if (known) return known;
    await sleep((CREATE_SECONDS * 1000) / this.options.speed, undefined, { signal: ctx.signal });
    const startedAt = Date.now();
    const expires =
      spec.type === 'tls' ? certificateExpiry(monitorId, spec.tlsDaysThreshold, startedAt) : null;
    await this.db.query(
      `insert into sim_monitor (monitor_id, task_id, started_at, certificate_expires_at)
       values ($1, $2, $3, $4) on conflict (monitor_id) do nothing`,
      [monitorId, ctx.taskId, new Date(startedAt), expires === null ? null : new Date(expires)],
    );
    return (await this.probe(monitorId)) ?? fail(monitorId);
  }

  async deleteProbe(ctx: OperationContext, monitorId: number): Promise<ProbeDeletedFacts> {
    if (await this.probe(monitorId))
      await sleep((DELETE_SECONDS * 1000) / this.options.speed, undefined, { signal: ctx.signal });
    await this.db.query('delete from sim_monitor where monitor_id = $1', [monitorId]);
    return { deletedAt: new Date().toISOString() };
  }

  private async probe(monitorId: number): Promise<ProbeCreatedFacts | null> {
    const rows = await this.db.query<{ started_at: Date; certificate_expires_at: Date | null }>(
      'select started_at, certificate_expires_at from sim_monitor where monitor_id = $1',
      [monitorId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      startedAt: new Date(row.started_at).toISOString(),
      certificateExpiresAt: row.certificate_expires_at
        ? new Date(row.certificate_expires_at).toISOString()
        : null,
    };
  }

  async checks(
    probes: readonly ProbeSince[],
    until: number,
    limit: number,
  ): Promise<Map<number, ProbeChecks>> {
    const out = new Map<number, ProbeChecks>();
    if (probes.length === 0) return out;
    const rows = await this.db.query<{
      monitor_id: string | number;
      started_at: Date;
      certificate_expires_at: Date | null;
    }>(
      `select monitor_id, started_at, certificate_expires_at from sim_monitor
        where monitor_id = any($1::bigint[])`,
      [probes.map((probe) => probe.monitorId)],
    );
    const started = new Map(
      rows.map((row) => [
        Number(row.monitor_id),
        {
          at: new Date(row.started_at).getTime(),
          expires: row.certificate_expires_at
            ? new Date(row.certificate_expires_at).getTime()
            : null,
        },
      ]),
    );
    for (const { monitorId, spec, since } of probes) {
      const probe = started.get(monitorId);
      if (!probe) continue;
      const period = this.checkPeriodMs(spec.intervalSeconds);
      const last = Math.floor((until - probe.at) / period);
      let first = Math.max(1, Math.floor((since - probe.at) / period) + 1);
      if (last - first + 1 > limit) first = last - limit + 1;
      if (last < first) continue;
      const poweredOn =
        spec.vmId === null ? null : await this.powerOf(spec.vmId, probe.at + first * period);
      const checks: CheckFacts[] = [];
      for (let k = first; k <= last; k += 1) {
        const at = probe.at + k * period;
        checks.push(
          checkAt(monitorId, spec, at, {
            vmOn: poweredOn ? poweredOn(at) : true,
            certificateExpiresAt: probe.expires,
          }),
        );
      }
      out.set(monitorId, { periodMs: period, checks });
    }
    return out;
  }

  /** Whether the VM was powered on at a time (from `since` on); without history, it was. */
  private async powerOf(vmId: number, since: number): Promise<(at: number) => boolean> {
    const history = await vmPowerHistory(this.db, vmId, since);
    return (at) => {
      let state: string = history[0]?.state ?? 'poweredOn';
      for (const change of history) if (change.at <= at) state = change.state;
      return state === 'poweredOn';
    };
  }
}

const fail = (monitorId: number): never => {
  throw new Error(`the probe of monitor ${monitorId} was not recorded`);
};

/** The platform learns of a probe the demo world set up, as if it had set it up itself. */
export async function recordDemoProbe(
  db: Queryable,
  monitorId: number,
  startedAt: Date,
  tlsDaysThreshold: number | null,
): Promise<void> {
  // A demo certificate is already within its threshold: it shows as degraded, nearing expiry.
  const expires =
    tlsDaysThreshold === null
      ? null
      : new Date(Date.now() + Math.max(1, tlsDaysThreshold - 5) * 86_400_000);
  await db.query(
    `insert into sim_monitor (monitor_id, task_id, started_at, certificate_expires_at)
     values ($1, 0, $2, $3) on conflict (monitor_id) do nothing`,
    [monitorId, startedAt, expires],
  );
}
