import {
  PowerState,
  type Catalogue,
  type MetricsReply,
  type PowerOperation,
  type SiteAction,
  type SnapshotOperation,
  type VmAdapter,
} from '@portal/api/contract';
import {
  decidePower,
  powerStateAfterRevert,
  resizeRefusal,
  snapshotRefusal,
} from '@portal/api/domain';
import { Type, type Static, type TSchema } from 'typebox';
import type { Database, Queryable } from '../../../../db/database.ts';
import { DriverError, refuse } from '../../../../platform/driver.ts';
import { LEGACY_NAME_PREFIX, LxdError, type LxdClient } from '../../../../platform/lxd/client.ts';
import { asDriverError } from '../../../../platform/lxd/errors.ts';
import { listImages } from '../../../../platform/lxd/images.ts';
import {
  createInstance,
  deleteInstance,
  getInstance,
  instanceNamesEverywhere,
  isDnsNameClash,
  instanceNetwork,
  listInstances,
  patchInstance,
  renameInstance,
  setInstanceState,
  type LxdInstance,
  type LxdInstanceNetwork,
  type LxdStateAction,
} from '../../../../platform/lxd/instances.ts';
import {
  listClusterMembers,
  isPortalBridge,
  listNetworks,
  portalBridge,
  serverInfo,
  type PortalBridge,
} from '../../../../platform/lxd/networks.ts';
import { ensureProject, TENANT_PROJECT_FEATURES } from '../../../../platform/lxd/projects.ts';
import { addressClaims } from '../../../../platform/lxd/public-addresses.ts';
import {
  createSnapshot,
  deleteSnapshot,
  listSnapshots,
  restoreSnapshot,
} from '../../../../platform/lxd/snapshots.ts';
import type { CdromFacts, VlanFacts } from '../../driver.ts';
import {
  BuiltFacts,
  DeletedFacts,
  FirewallFacts,
  NatCancelFacts,
  NatFacts,
  PowerFacts,
  RenameFacts,
  SizeFacts,
  SnapshotFacts,
  snapshotEdit,
  VmStateFacts,
  type ComputeAction,
  type ComputeDriver,
  type ConsoleIo,
  type ConsoleSession,
  type ConsoleTarget,
  type MetricsRequest,
  type NewFirewallRule,
  type OperationContext,
  type VmSpec,
} from '../../driver.ts';
import { SIMULATOR_CATALOGUE } from '../simulator/catalogue.ts';
import { FIREWALL_UNAVAILABLE } from './firewall.ts';
import { LxdLive } from './live.ts';
import { DEFAULT_FORWARD_ADDRESSES, TASK_ID_KEY } from './nat.ts';
import { VM_ID_KEY } from './observe.ts';
import { ownerConfig, owns } from '../../../../platform/lxd/ownership.ts';
import {
  deleteLxdSnapshots,
  findLxdFacts,
  findLxdVm,
  forgetLxdVm,
  listLxdSnapshots,
  oncePerLxdTask,
  recordLxdFacts,
  saveLxdSnapshot,
  saveLxdVm,
  type LxdVm,
} from './state.ts';

/** The client the driver is given (one module graph for scripts that load the driver alone). */
export { LxdClient } from '../../../../platform/lxd/client.ts';

/** What LXD itself enforces for a tenant's project (null: no limit). */
export interface TenantLimits {
  instances: number | null;
  cpu: number | null;
  memoryMb: number | null;
}

export interface LxdSite {
  regionId: string;
  regionName: string;
  id: string;
  name: string;
  /** The §3 `location` (e.g. `LXD1`). */
  location: string;
}

export interface LxdComputeOptions {
  client: LxdClient;
  db: Database;
  site: LxdSite;
  tenantLimits: (tenantId: number) => Promise<TenantLimits>;
  /** Public addresses NAT forwards listen on. */
  natAddresses?: string[];
  /** What other areas cannot do at this site, listed with compute's own in the catalogue. */
  otherAreas?: () => Partial<Record<SiteAction, string>> | undefined;
}

/** The untagged network's VLAN in the catalogue: the contract's VLANs start at 1. */
export const UNTAGGED_VLAN = 1;

/** How long the catalogue read from LXD is reused. */
const CATALOGUE_TTL_MS = 10_000;
/** How long the list of the portal's bridges is reused. */
const BRIDGES_TTL_MS = 2_000;

/** The power state a power task found before acting, written down before LXD is asked. */
const PowerIntent = Type.Object({ powerFrom: PowerState });
const STOP_TIMEOUT_S = 10;

/**
 * The tenant's LXD project: the installation's name prefix (`portal-<installation id>-`, or
 * `portal-` for an installation older than ADR 045) and the tenant code.
 */
export const projectOf = (tenantCode: string, prefix = LEGACY_NAME_PREFIX) =>
  `${prefix}${tenantCode.toLowerCase()}`;

/** The tenant's LXD project for the installation `client` acts for. */
export const tenantProject = async (client: LxdClient, tenantCode: string) =>
  projectOf(tenantCode, await client.namePrefix());

/** A valid LXD instance name from a display name: letters, digits and dashes, a letter first. */
export function instanceName(displayName: string): string {
  const slug = displayName
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 50)
    .replace(/-$/, '');
  return /^[a-z]/.test(slug) ? slug : `vm-${slug || 'instance'}`;
}

const snapshotName = (id: number) => `snap-${id}`;

function powerStateOf(status: string): PowerState {
  if (status === 'Running') return 'poweredOn';
  if (status === 'Frozen') return 'suspended';
  return 'poweredOff';
}

/** `limits.memory` in MB (LXD accepts `2048MB`, `2GiB`, bytes …). */
export function memoryMbOf(value: string | undefined): number {
  const match = /^(\d+(?:\.\d+)?)\s*([KMGT]i?B)?$/i.exec(value ?? '');
  if (!match) return 0;
  const n = Number(match[1]);
  const unit = (match[2] ?? 'B').toUpperCase();
  const factor: Record<string, number> = {
    B: 1 / 1_000_000,
    KB: 1 / 1000,
    KIB: 1 / 1024,
    MB: 1,
    MIB: 1,
    GB: 1000,
    GIB: 1024,
    TB: 1_000_000,
    TIB: 1024 * 1024,
  };
  return Math.round(n * (factor[unit] ?? 1));
}

/** The bridges the portal made for tenants' networks, by bridge name (ADR 037). */
export type PortalBridges = ReadonlyMap<string, PortalBridge>;
const NO_BRIDGES: PortalBridges = new Map();

/**
 * The instance's adapters, with the addresses its state reports. An adapter on a tenant network's
 * bridge is reported as that network: its portal name and VLAN.
 */
function adaptersOf(
  instance: LxdInstance,
  state: LxdInstanceNetwork | null,
  bridges: PortalBridges,
): VmAdapter[] {
  return Object.entries(instance.expanded_devices)
    .filter(([, device]) => device['type'] === 'nic')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([device, nic]) => {
      const inet = state?.network?.[nic['name'] ?? device]?.addresses.find(
        (address) => address.family === 'inet' && address.scope === 'global',
      );
      const bridge = nic['network'] ? bridges.get(nic['network']) : undefined;
      if (bridge)
        return { portgroup: bridge.name, vlan_id: bridge.vlanId, ip: inet?.address ?? null };
      return {
        portgroup: nic['network'] ?? nic['parent'] ?? device,
        vlan_id: Number(nic['vlan']) || UNTAGGED_VLAN,
        ip: inet?.address ?? null,
      };
    });
}

/** The VM as LXD has it: the instance and its state. */
function factsOf(
  instance: LxdInstance,
  state: LxdInstanceNetwork | null,
  bridges: PortalBridges = NO_BRIDGES,
): VmStateFacts {
  return {
    displayName: instance.description || instance.name,
    powerState: powerStateOf(instance.status),
    vcpus: Number(instance.expanded_config['limits.cpu']) || 1,
    memoryMb: memoryMbOf(instance.expanded_config['limits.memory']),
    adapters: adaptersOf(instance, state, bridges),
    bootCdrom: null,
  };
}

/**
 * The compute platform on LXD: one project per tenant, one container per VM (tagged with the VM
 * and task ids in `user.portal.*` config keys), every long call awaited as an LXD operation under
 * the task's signal. A task run again after a crash answers the facts it recorded, or reads the
 * instance's real state and finishes from there; it never repeats a change blindly.
 */
export class LxdComputeDriver implements ComputeDriver {
  /** What this site cannot do: compute's own, and what other areas say they cannot. */
  get unavailable(): Partial<Record<SiteAction, string>> {
    return { ...this.options.otherAreas?.(), ...this.ownUnavailable };
  }
  private readonly ownUnavailable: Partial<Record<ComputeAction, string>> = {
    cdrom: 'LXD containers have no CD-ROM drive.',
    quiescedSnapshot:
      "This LXD server cannot save a running container's memory in a snapshot (CRIU is not installed).",
    vlan: 'Changing an adapter to another VLAN is not offered on LXD sites.',
    // LXD 5.0 refuses security.acls on a bridged NIC: firewall rules need an OVN network (ADR 032).
    firewall: FIREWALL_UNAVAILABLE,
  };
  private readonly client: LxdClient;
  private readonly db: Database;
  private readonly site: LxdSite;
  /** The console, metrics, NAT, firewall and changes made outside the portal (observe, watch). */
  readonly live: LxdLive;

  constructor(private readonly options: LxdComputeOptions) {
    this.client = options.client;
    this.db = options.db;
    this.site = options.site;
    this.live = new LxdLive(this.client, {
      site: this.site.location,
      forwardAddresses: options.natAddresses ?? DEFAULT_FORWARD_ADDRESSES,
    });
  }

  /** The instance serving a VM, or null. */
  async locate(vmId: number): Promise<LxdVm | null> {
    return findLxdVm(this.db, vmId);
  }

  /** LXD's error as the customer's sentence, LXD's words kept as the detail. */
  private fail(error: unknown, what: string): never {
    throw asDriverError(error, what, this.site.location);
  }

  private async lxd<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      return this.fail(error, what);
    }
  }

  /** Once per task: the facts recorded for `ctx.taskId`, or the work's, recorded. */
  private async once<S extends TSchema>(
    ctx: OperationContext,
    schema: S,
    what: string,
    work: () => Promise<Static<S>>,
  ): Promise<Static<S>> {
    return oncePerLxdTask(this.db, ctx.taskId, schema, () => this.lxd(what, work));
  }

  private async mine(ctx: OperationContext, vmId: number): Promise<LxdVm> {
    const vm = await findLxdVm(this.db, vmId);
    if (!vm || vm.tenantId !== ctx.tenantId) refuse('The virtual machine no longer exists.');
    return vm;
  }

  /** The instance as LXD has it now, found again by its VM id when it was renamed outside. */
  private async instance(vm: LxdVm, signal?: AbortSignal): Promise<LxdInstance> {
    try {
      const found = await getInstance(this.client, vm.project, vm.name, signal);
      if (owns(found.config, await this.client.owner(), VM_ID_KEY, vm.vmId)) return found;
    } catch (error) {
      if (!(error instanceof LxdError && error.status === 404)) throw error;
    }
    const owner = await this.client.owner();
    const renamed = (await listInstances(this.client, vm.project, signal)).find((each) =>
      owns(each.config, owner, VM_ID_KEY, vm.vmId),
    );
    if (!renamed)
      refuse(
        `The virtual machine's instance is no longer on the LXD server at ${this.site.location}.`,
      );
    await saveLxdVm(this.db, { ...vm, name: renamed.name });
    vm.name = renamed.name;
    return renamed;
  }

  /** The catalogue as LXD last gave it, and when: every list and VM read needs it. */
  private catalogueRead: { at: number; value: Promise<Catalogue> } | null = null;

  /**
   * The site's catalogue, read from LXD at most once per CATALOGUE_TTL_MS: a list of VMs never
   * waits on LXD, and an image or network added in LXD shows within seconds.
   */
  async catalogue(tenantId?: number, db?: Queryable): Promise<Catalogue> {
    const base = await this.siteCatalogue();
    return tenantId === undefined ? base : this.withTenantNetworks(base, tenantId, db ?? this.db);
  }

  /** Bridges read from LXD at most once per BRIDGES_TTL_MS (every VM's facts need them). */
  private bridgesRead: { at: number; value: Promise<PortalBridges> } | null = null;

  private portalBridges(signal?: AbortSignal, fresh = false): Promise<PortalBridges> {
    const now = Date.now();
    if (!fresh && this.bridgesRead && now - this.bridgesRead.at < BRIDGES_TTL_MS)
      return this.bridgesRead.value;
    const value = Promise.all([listNetworks(this.client, signal), this.client.owner()]).then(
      ([networks, owner]) =>
        new Map(
          networks.flatMap((network) => {
            const bridge = portalBridge(network, owner);
            return bridge ? [[bridge.bridge, bridge] as const] : [];
          }),
        ),
    );
    const read = { at: now, value };
    this.bridgesRead = read;
    value.catch(() => {
      if (this.bridgesRead === read) this.bridgesRead = null;
    });
    return value;
  }

  /**
   * The tenant's own networks (bridges the portal made for it) among the site's portgroups, each
   * standing in for a shared one on the same VLAN, and its gateways among the site's.
   */
  private async withTenantNetworks(
    catalogue: Catalogue,
    tenantId: number,
    db: Queryable,
  ): Promise<Catalogue> {
    const [networks, gateways] = await Promise.all([
      this.lxd('read the networks', () => listNetworks(this.client)),
      db.query<{ gateway_id: string; name: string }>(
        `select gateway_id, name from lxd_gateway where tenant_id = $1 and location = $2
          order by gateway_id`,
        [tenantId, this.site.location],
      ),
    ]);
    const owner = await this.client.owner();
    const own = networks
      .map((network) => portalBridge(network, owner))
      .filter((bridge): bridge is PortalBridge => bridge?.tenantId === tenantId)
      .sort((a, b) => a.vlanId - b.vlanId);
    const vlans = new Set(own.map((bridge) => bridge.vlanId));
    return {
      ...catalogue,
      regions: catalogue.regions.map((region) => ({
        ...region,
        sites: region.sites.map((site) => ({
          ...site,
          portgroups: [
            ...own.map((bridge) => ({ name: bridge.name, vlan_id: bridge.vlanId })),
            ...site.portgroups.filter((portgroup) => !vlans.has(portgroup.vlan_id)),
          ],
          gateways: [
            ...site.gateways,
            ...gateways.map((gateway) => ({ id: Number(gateway.gateway_id), name: gateway.name })),
          ],
        })),
      })),
    };
  }

  private siteCatalogue(): Promise<Catalogue> {
    const now = Date.now();
    if (this.catalogueRead && now - this.catalogueRead.at < CATALOGUE_TTL_MS)
      return this.catalogueRead.value;
    const value = this.readCatalogue();
    const read = { at: now, value };
    this.catalogueRead = read;
    // A failed read is not kept: the next one asks LXD again.
    value.catch(() => {
      if (this.catalogueRead === read) this.catalogueRead = null;
    });
    return value;
  }

  private readCatalogue(): Promise<Catalogue> {
    return this.lxd('read its catalogue', async () => {
      const [info, images, networks] = await Promise.all([
        serverInfo(this.client),
        listImages(this.client),
        listNetworks(this.client),
      ]);
      const zones = info.environment.server_clustered
        ? (await listClusterMembers(this.client)).map((member) => ({
            id: member.server_name,
            name: member.server_name,
            cluster: member.server_name,
          }))
        : [
            {
              id: `${this.site.id}-local`,
              name: info.environment.server_name,
              cluster: `${this.site.location}-LXD`,
            },
          ];
      const byOs = new Map<string, Map<string, string>>();
      for (const image of images) {
        const os = image.properties['os'];
        const release = image.properties['release'];
        if (!os || !release) continue;
        const versions = byOs.get(os) ?? new Map<string, string>();
        versions.set(release, image.properties['description'] || `${os} ${release}`);
        byOs.set(os, versions);
      }
      return {
        regions: [
          {
            id: this.site.regionId,
            name: this.site.regionName,
            sites: [
              {
                id: this.site.id,
                name: this.site.name,
                location: this.site.location,
                zones,
                // Another tenant's network is never offered: only the site's shared ones.
                portgroups: networks
                  .filter((network) => network.managed && !isPortalBridge(network))
                  .map((network) => ({
                    name: network.name,
                    vlan_id: Number(network.config['vlan']) || UNTAGGED_VLAN,
                  })),
                gateways: [{ id: 1, name: `${this.site.location} network forwards` }],
              },
            ],
          },
        ],
        plans: SIMULATOR_CATALOGUE.plans,
        images: [...byOs].map(([os, versions]) => ({
          id: os.toLowerCase(),
          name: os,
          versions: [...versions].map(([release, description]) => ({
            id: description,
            name: release,
          })),
        })),
        media: [],
        disk: SIMULATOR_CATALOGUE.disk,
      };
    });
  }

  private async project(ctx: OperationContext): Promise<string> {
    const name = await tenantProject(this.client, ctx.tenantCode);
    const limits = await this.options.tenantLimits(ctx.tenantId);
    const config: Record<string, string> = {};
    if (limits.instances !== null) config['limits.instances'] = String(limits.instances);
    if (limits.cpu !== null) config['limits.cpu'] = String(limits.cpu);
    if (limits.memoryMb !== null) config['limits.memory'] = `${limits.memoryMb}MB`;
    await ensureProject(this.client, name, TENANT_PROJECT_FEATURES, config, ctx.signal);
    return name;
  }

  /** The adapters with the addresses LXD reports (waiting briefly for a DHCP lease). */
  /** The instance's adapters with the addresses its state has now. */
  private async adapters(
    vm: LxdVm,
    instance: LxdInstance,
    signal: AbortSignal,
  ): Promise<VmAdapter[]> {
    const state = await instanceNetwork(this.client, vm.project, vm.name, signal);
    return adaptersOf(instance, state, await this.portalBridges(signal));
  }

  private async stateFacts(vm: LxdVm, signal: AbortSignal): Promise<VmStateFacts> {
    const instance = await this.instance(vm, signal);
    return factsOf(
      instance,
      await instanceNetwork(this.client, vm.project, vm.name, signal),
      await this.portalBridges(signal),
    );
  }

  async createVm(ctx: OperationContext, vmId: number, spec: VmSpec): Promise<BuiltFacts> {
    return this.once(ctx, BuiltFacts, 'create the virtual machine', async () => {
      const project = await this.project(ctx);
      const existing = await listInstances(this.client, project, ctx.signal);
      // A resumed task finds the instance it already made, by the VM id it carries. Only this
      // installation's, made by this very task: an instance another portal database left with
      // the same VM id is a stranger, never adopted.
      const owner = await this.client.owner();
      let instance = existing.find(
        (each) =>
          owns(each.config, owner, VM_ID_KEY, vmId) &&
          each.config[TASK_ID_KEY] === String(ctx.taskId),
      );
      const vm: LxdVm = {
        vmId,
        tenantId: ctx.tenantId,
        project,
        name: instance?.name ?? instanceName(spec.displayName),
        planId: spec.planId,
      };
      if (!instance) {
        // What the creation needs from LXD, read at once rather than one after the other.
        const [taken, images, info, pool, bridges] = await Promise.all([
          instanceNamesEverywhere(this.client, ctx.signal),
          listImages(this.client, ctx.signal),
          serverInfo(this.client, ctx.signal),
          this.rootPool(ctx.signal),
          this.portalBridges(ctx.signal, true),
        ]);
        // Names are unique per project, but a DNS name is unique per bridge: avoid every project's.
        if (taken.has(vm.name)) vm.name = `${vm.name}-${vmId}`;
        const image = images.find(
          (each) =>
            each.properties['os']?.toLowerCase() === spec.image.toLowerCase() &&
            each.properties['release'] === spec.version,
        );
        if (!image)
          refuse(
            `The image ${spec.image} ${spec.version} is not on the LXD server at ${this.site.location}.`,
          );
        const devices: Record<string, Record<string, string>> = {
          root: {
            type: 'disk',
            path: '/',
            pool,
            ...(spec.diskSizeGb !== null && (await this.poolSizes(ctx.signal, pool))
              ? { size: `${spec.diskSizeGb}GB` }
              : {}),
          },
        };
        // An adapter on one of the tenant's networks joins its bridge (untagged: the bridge is
        // the network); any other joins the shared network it names.
        const own = [...bridges.values()].filter((bridge) => bridge.tenantId === ctx.tenantId);
        spec.adapters.forEach((adapter, index) => {
          const bridge = own.find((candidate) => candidate.vlanId === adapter.vlan_id);
          devices[`eth${index}`] = bridge
            ? { type: 'nic', name: `eth${index}`, network: bridge.bridge }
            : {
                type: 'nic',
                name: `eth${index}`,
                network: adapter.portgroup,
                ...(adapter.vlan_id !== UNTAGGED_VLAN ? { vlan: String(adapter.vlan_id) } : {}),
              };
        });
        await saveLxdVm(this.db, vm);
        await createInstance(
          this.client,
          project,
          {
            name: vm.name,
            description: spec.displayName,
            source: { type: 'image', fingerprint: image.fingerprint },
            config: {
              'limits.cpu': String(spec.vcpus),
              'limits.memory': `${spec.memoryMb}MB`,
              [VM_ID_KEY]: String(vmId),
              [TASK_ID_KEY]: String(ctx.taskId),
              ...(await ownerConfig(this.client)),
              ...(spec.vsnap
                ? {
                    'snapshots.schedule': '@daily',
                    'snapshots.pattern': 'vsnap-{{ creation_date|date:"2006-01-02" }}',
                  }
                : {}),
            },
            devices,
          },
          {
            signal: ctx.signal,
            ...(info.environment.server_clustered ? { target: spec.cluster } : {}),
          },
        );
        instance = await getInstance(this.client, project, vm.name, ctx.signal);
      }
      await saveLxdVm(this.db, vm);
      if (instance.status !== 'Running') await this.start(vm, ctx.signal);
      // Built once it runs: the build does not wait for DHCP. The addresses it already has are
      // reported now; the rest are followed and written to the VM as soon as LXD has them.
      const built = instance;
      const adapters = await this.adapters(vm, built, ctx.signal);
      if (adapters.some((adapter) => !adapter.ip))
        this.live.followAddresses(vmId, async (signal) =>
          (await this.adapters(vm, built, signal)).every((adapter) => adapter.ip),
        );
      return { powerState: 'poweredOn' as const, adapters };
    });
  }

  /**
   * Starts the instance. When another project's instance holds its DNS name on the bridge (a
   * creation raced another), it takes the name with its VM id and starts under that.
   */
  private async start(vm: LxdVm, signal: AbortSignal): Promise<void> {
    try {
      await setInstanceState(this.client, vm.project, vm.name, { action: 'start' }, signal);
    } catch (error) {
      const suffix = `-${vm.vmId}`;
      if (
        !(error instanceof LxdError && isDnsNameClash(error.lxdMessage)) ||
        vm.name.endsWith(suffix)
      )
        throw error;
      const name = `${vm.name}${suffix}`;
      await renameInstance(this.client, vm.project, vm.name, name, signal);
      vm.name = name;
      await saveLxdVm(this.db, vm);
      await setInstanceState(this.client, vm.project, vm.name, { action: 'start' }, signal);
    }
  }

  /** The pool of the default profile's root disk, else the first pool. */
  private async rootPool(signal: AbortSignal): Promise<string> {
    const profile = await this.client.get<{ devices: Record<string, Record<string, string>> }>(
      '/1.0/profiles/default',
      { signal },
    );
    const root = Object.values(profile.devices).find(
      (d) => d['type'] === 'disk' && d['path'] === '/',
    );
    if (root?.['pool']) return root['pool'];
    const pools = await this.client.get<string[]>('/1.0/storage-pools', { signal });
    const first = pools[0]?.split('/').pop();
    if (!first) refuse(`The LXD server at ${this.site.location} has no storage pool.`);
    return first;
  }

  /** Whether the root pool can size a disk (a `dir` pool cannot). */
  private async poolSizes(signal: AbortSignal, root?: string): Promise<boolean> {
    const pool = await this.client.get<{ driver: string }>(
      `/1.0/storage-pools/${encodeURIComponent(root ?? (await this.rootPool(signal)))}`,
      { signal },
    );
    return pool.driver !== 'dir';
  }

  private async setState(
    vm: LxdVm,
    action: LxdStateAction,
    signal: AbortSignal,
    graceful = false,
  ): Promise<void> {
    if (action === 'start') return this.start(vm, signal);
    if (!graceful) {
      await setInstanceState(
        this.client,
        vm.project,
        vm.name,
        { action, force: action !== 'freeze' && action !== 'unfreeze' },
        signal,
      );
      return;
    }
    try {
      await setInstanceState(
        this.client,
        vm.project,
        vm.name,
        { action, timeout: STOP_TIMEOUT_S },
        signal,
      );
    } catch (error) {
      // A guest that does not shut down when asked is stopped.
      if (!(error instanceof LxdError) || error.status === 0) throw error;
      await setInstanceState(this.client, vm.project, vm.name, { action, force: true }, signal);
    }
  }

  async power(ctx: OperationContext, vmId: number, operation: PowerOperation): Promise<PowerFacts> {
    const vm = await this.mine(ctx, vmId);
    return this.once(ctx, PowerFacts, 'change the power state', async () => {
      const now = powerStateOf((await this.instance(vm, ctx.signal)).status);
      // A resumed task whose change LXD already made answers it rather than refusing: the state
      // it started from is written down (in our database, not as an LXD config change) first.
      const intent = await findLxdFacts(this.db, ctx.taskId, PowerIntent);
      const from = intent?.powerFrom ?? now;
      const decision = decidePower(from, operation);
      if (!decision.allowed) refuse(decision.reason);
      if (!intent) await recordLxdFacts(this.db, ctx.taskId, { powerFrom: from });
      const current = now;
      switch (operation) {
        case 'powerOn':
          if (current === 'suspended') await this.setState(vm, 'unfreeze', ctx.signal);
          else if (current === 'poweredOff') await this.setState(vm, 'start', ctx.signal);
          break;
        case 'powerOff':
          if (current !== 'poweredOff') await this.setState(vm, 'stop', ctx.signal);
          break;
        case 'shutdownGuest':
          if (current !== 'poweredOff') await this.setState(vm, 'stop', ctx.signal, true);
          break;
        case 'reboot':
          await this.setState(vm, 'restart', ctx.signal, true);
          break;
        case 'reset':
          await this.setState(vm, 'restart', ctx.signal);
          break;
        case 'suspend':
          if (current !== 'suspended') await this.setState(vm, 'freeze', ctx.signal);
          break;
      }
      return { from, to: decision.to };
    });
  }

  async snapshot(
    ctx: OperationContext,
    vmId: number,
    op: SnapshotOperation,
    newId: number,
  ): Promise<SnapshotFacts> {
    const vm = await this.mine(ctx, vmId);
    return this.once(ctx, SnapshotFacts, 'change the snapshots', async () => {
      const instance = await this.instance(vm, ctx.signal);
      const inLxd = new Set(
        (await listSnapshots(this.client, vm.project, vm.name, ctx.signal)).map((s) => s.name),
      );
      const records = await listLxdSnapshots(this.db, vm.vmId);
      const named = (id: number | null | undefined) => {
        if (id === null || id === undefined) return refuse('No snapshot was named.');
        const record = records.find((each) => each.id === id);
        if (!record || !inLxd.has(snapshotName(id)))
          return refuse(`The snapshot ${id} does not exist; it may have been deleted.`);
        return record;
      };
      const powerState = powerStateOf(instance.status);
      switch (op.snap_op) {
        case 'CreateSnapshot': {
          const refusal = snapshotRefusal(inLxd.size, op.quiesced ?? false, powerState);
          if (refusal) refuse(refusal);
          if (op.quiesced)
            refuse(this.unavailable.quiescedSnapshot ?? 'Quiesced snapshots are not offered.');
          const taken = {
            id: newId,
            name: op.name?.trim() || 'Snapshot',
            description: op.description ?? '',
            powerState: (op.power_state ? powerState : 'poweredOff') satisfies PowerState,
          };
          await saveLxdSnapshot(this.db, vm.vmId, taken);
          if (!inLxd.has(snapshotName(newId)))
            await createSnapshot(
              this.client,
              vm.project,
              vm.name,
              { name: snapshotName(newId), stateful: false },
              ctx.signal,
            );
          return { done: 'created' as const, ...taken, quiesced: false };
        }
        case 'DeleteSnapshot': {
          const snapshot = named(op.snap_id);
          await deleteSnapshot(
            this.client,
            vm.project,
            vm.name,
            snapshotName(snapshot.id),
            ctx.signal,
          );
          await deleteLxdSnapshots(this.db, vm.vmId, [snapshot.id]);
          return { done: 'deleted' as const, id: snapshot.id, name: snapshot.name };
        }
        case 'EditSnapshot': {
          const snapshot = named(op.snap_id);
          const edit = snapshotEdit(op, snapshot);
          await saveLxdSnapshot(this.db, vm.vmId, {
            ...snapshot,
            name: edit.facts.name,
            description: edit.description ?? snapshot.description,
          });
          return edit.facts;
        }
        case 'RevertSnapshot': {
          const snapshot = named(op.snap_id);
          const to = powerStateAfterRevert(snapshot.powerState, op.suppress_power_on ?? false);
          if (powerState === 'suspended') await this.setState(vm, 'unfreeze', ctx.signal);
          await restoreSnapshot(
            this.client,
            vm.project,
            vm.name,
            snapshotName(snapshot.id),
            ctx.signal,
          );
          const restored = await this.instance(vm, ctx.signal);
          // LXD restores the snapshot's description too; the VM keeps its name.
          if (restored.description !== instance.description)
            await patchInstance(
              this.client,
              vm.project,
              vm.name,
              { description: instance.description },
              ctx.signal,
            );
          const after = powerStateOf(restored.status);
          if (to === 'poweredOn' && after !== 'poweredOn')
            await this.setState(vm, 'start', ctx.signal);
          if (to === 'poweredOff' && after !== 'poweredOff')
            await this.setState(vm, 'stop', ctx.signal);
          return {
            done: 'reverted' as const,
            id: snapshot.id,
            name: snapshot.name,
            powerState: to,
          };
        }
        case 'DeleteAllSnapshots': {
          for (const name of inLxd)
            await deleteSnapshot(this.client, vm.project, vm.name, name, ctx.signal);
          await deleteLxdSnapshots(
            this.db,
            vm.vmId,
            records.map((each) => each.id),
          );
          return { done: 'deletedAll' as const, count: inLxd.size };
        }
      }
    });
  }

  async resize(
    ctx: OperationContext,
    vmId: number,
    { vcpus, memoryGB }: { vcpus: number; memoryGB: number },
  ): Promise<SizeFacts> {
    const vm = await this.mine(ctx, vmId);
    return this.once(ctx, SizeFacts, 'resize the virtual machine', async () => {
      const plan = SIMULATOR_CATALOGUE.plans.find((candidate) => candidate.id === vm.planId);
      if (!plan) return refuse(`The virtual machine's plan ${vm.planId} is no longer offered.`);
      const instance = await this.instance(vm, ctx.signal);
      const current = {
        vcpus: Number(instance.config['limits.cpu']) || 1,
        memoryGB: memoryMbOf(instance.config['limits.memory']) / 1024,
        powerState: powerStateOf(instance.status),
      };
      // A resumed task finds its size already set.
      if (current.vcpus !== vcpus || current.memoryGB !== memoryGB) {
        const refusal = resizeRefusal(plan, current, { vcpus, memoryGB });
        if (refusal) refuse(refusal);
        // Containers take new limits while running (cgroups): the resize is hot.
        await patchInstance(
          this.client,
          vm.project,
          vm.name,
          { config: { 'limits.cpu': String(vcpus), 'limits.memory': `${memoryGB * 1024}MB` } },
          ctx.signal,
        );
      }
      return { vcpus, memoryMb: memoryGB * 1024 };
    });
  }

  async reconfigure(ctx: OperationContext, vmId: number): Promise<VmStateFacts> {
    const vm = await this.mine(ctx, vmId);
    return this.once(ctx, VmStateFacts, 'read the virtual machine', () =>
      this.stateFacts(vm, ctx.signal),
    );
  }

  async refresh(ctx: OperationContext, vmId: number): Promise<VmStateFacts> {
    const vm = await this.mine(ctx, vmId);
    return this.once(ctx, VmStateFacts, 'read the virtual machine', () =>
      this.stateFacts(vm, ctx.signal),
    );
  }

  /**
   * The display name is the instance's description; the instance itself is renamed as well when
   * it is stopped (LXD renames only a stopped container), keeping its VM id and so its mapping.
   */
  async rename(ctx: OperationContext, vmId: number, displayName: string): Promise<RenameFacts> {
    const vm = await this.mine(ctx, vmId);
    return this.once(ctx, RenameFacts, 'rename the virtual machine', async () => {
      const instance = await this.instance(vm, ctx.signal);
      if (
        instance.description === displayName &&
        instance.config[TASK_ID_KEY] !== String(ctx.taskId)
      )
        refuse(`The virtual machine is already named "${displayName}".`);
      await patchInstance(
        this.client,
        vm.project,
        vm.name,
        { description: displayName, config: { [TASK_ID_KEY]: String(ctx.taskId) } },
        ctx.signal,
      );
      const wanted = instanceName(displayName);
      if (instance.status === 'Stopped' && wanted !== vm.name) {
        const taken = (await instanceNamesEverywhere(this.client, ctx.signal)).has(wanted);
        const name = taken ? `${wanted}-${vmId}` : wanted;
        if (name !== vm.name) {
          await renameInstance(this.client, vm.project, vm.name, name, ctx.signal);
          await saveLxdVm(this.db, { ...vm, name });
        }
      }
      return { displayName };
    });
  }

  async setVlan(
    _ctx: OperationContext,
    _vmId: number,
    _change: { adapter: number; vlanId: number },
  ): Promise<VlanFacts> {
    return refuse(this.unavailable.vlan ?? 'Not offered.');
  }

  async createNat(
    ctx: OperationContext,
    vmId: number,
    gatewayId: number,
    globalIpaddressId?: number | null,
  ): Promise<NatFacts> {
    await this.mine(ctx, vmId);
    const gateway = (await this.catalogue(ctx.tenantId)).regions[0]?.sites[0]?.gateways.find(
      (g) => g.id === gatewayId,
    );
    if (!gateway) refuse(`The gateway ${gatewayId} is not at ${this.site.location}.`);
    return this.once(ctx, NatFacts, 'create the NAT entry', async () =>
      this.live.createNat(ctx, vmId, gateway.name, globalIpaddressId ?? null, {
        claims: await addressClaims(this.db, this.site.location),
        gatewayId,
      }),
    );
  }

  async cancelNat(
    ctx: OperationContext,
    vmId: number,
    globalIpaddressId: number,
  ): Promise<NatCancelFacts> {
    await this.mine(ctx, vmId);
    return this.once(ctx, NatCancelFacts, 'cancel the NAT entry', () =>
      this.live.cancelNat(ctx, vmId, globalIpaddressId),
    );
  }

  async addFirewallRule(
    ctx: OperationContext,
    vmId: number,
    ruleId: number,
    rule: NewFirewallRule,
  ): Promise<FirewallFacts> {
    await this.mine(ctx, vmId);
    return this.once(ctx, FirewallFacts, 'add the firewall rule', () =>
      this.live.addFirewallRule(ctx, vmId, ruleId, rule),
    );
  }

  async deleteFirewallRule(
    ctx: OperationContext,
    vmId: number,
    ruleId: number,
  ): Promise<FirewallFacts> {
    await this.mine(ctx, vmId);
    return this.once(ctx, FirewallFacts, 'delete the firewall rule', () =>
      this.live.deleteFirewallRule(ctx, vmId, ruleId),
    );
  }

  async bootCdrom(): Promise<CdromFacts> {
    return refuse(this.unavailable.cdrom ?? 'Not offered.');
  }

  async deleteVm(ctx: OperationContext, vmId: number): Promise<DeletedFacts> {
    return this.once(ctx, DeletedFacts, 'delete the virtual machine', async () => {
      const vm = await findLxdVm(this.db, vmId);
      if (!vm || vm.tenantId !== ctx.tenantId)
        return refuse('The virtual machine no longer exists.');
      let displayName = vm.name;
      try {
        const instance = await this.instance(vm, ctx.signal);
        displayName = instance.description || instance.name;
        if (instance.status !== 'Stopped') await this.setState(vm, 'stop', ctx.signal);
        await deleteInstance(this.client, vm.project, vm.name, ctx.signal);
      } catch (error) {
        // Already gone from LXD (a resumed task, or deleted outside): what was asked for.
        if (!(error instanceof DriverError)) throw error;
      }
      await this.live.forget(ctx, vmId);
      await forgetLxdVm(this.db, vmId);
      return { displayName };
    });
  }

  /**
   * The VMs' state as LXD has it now, for changes made outside the portal; null for a VM whose
   * instance LXD no longer has (an instance renamed outside is found by the VM id it carries).
   */
  async observe(vmIds: number[]): Promise<Map<number, VmStateFacts | null>> {
    const bridges = await this.lxd('read the networks', () => this.portalBridges());
    return this.live.observe(
      vmIds,
      (instance: LxdInstance & { state: LxdInstanceNetwork | null }) =>
        factsOf(instance, instance.state, bridges),
    );
  }

  /** Calls `onChange` with the VMs whose instances something happened to, until `signal` aborts. */
  watch(onChange: (vmIds: number[]) => void, signal: AbortSignal): Promise<void> {
    return this.live.watch(onChange, signal);
  }

  metrics(vmId: number, request: MetricsRequest, now: number): Promise<MetricsReply> {
    return this.lxd('read the metrics', () => this.live.metrics(vmId, request, now));
  }

  /** Stops sampling metrics (the server is stopping). */
  stop(): void {
    this.live.stop();
  }

  openConsole(vm: ConsoleTarget, io: ConsoleIo): ConsoleSession {
    return this.live.openConsole(vm, io);
  }
}
