import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressClaim } from '../../../../platform/lxd/public-addresses.ts';
import type { MetricsReply } from '@portal/api/contract';
import { LxdError, type LxdClient } from '../../../../platform/lxd/client.ts';
import { lxdSentence } from '../../../../platform/lxd/errors.ts';
import { INSTALLATION_KEY } from '../../../../platform/lxd/ownership.ts';
import {
  DriverError,
  type ConsoleIo,
  type ConsoleSession,
  type ConsoleTarget,
  type FirewallFacts,
  type MetricsRequest,
  type NatCancelFacts,
  type NatFacts,
  type NewFirewallRule,
  type OperationContext,
  type VmStateFacts,
} from '../../driver.ts';
import { openLxdConsole, type InstanceRef } from './console.ts';
import { addRule, deleteRule, removeAcl } from './firewall.ts';
import { MetricsSampler, type SamplerOptions } from './metrics.ts';
import { addNat, cancelNat, DEFAULT_FORWARD_ADDRESSES, removeNats } from './nat.ts';
import {
  observeInstances,
  VM_ID_KEY,
  WATCH_DEFAULTS,
  watchInstances,
  type ObservedInstance,
  type WatchOptions,
} from './observe.ts';

export interface LxdLiveOptions {
  /** The site's name, for sentences ("The LXD server at <site> does not answer …"). */
  site: string;
  /** The site's public addresses for NAT. */
  forwardAddresses: string[];
  sampler: Partial<SamplerOptions>;
  watch: Partial<Omit<WatchOptions, 'resolve' | 'all'>>;
}

const key = ({ project, name }: InstanceRef) => `${project}/${name}`;

/**
 * What the LXD compute driver does while instances run: the console, metrics, changes made
 * outside the portal, NAT and firewall rules. Instances are found by the VM id they carry
 * (`user.portal.vm-id`), across projects: LXD is the truth, so a rename done outside the
 * portal changes nothing here. LXD's errors become sentences, its words the detail.
 */
export class LxdLive {
  private readonly options: LxdLiveOptions;
  private readonly sampler: MetricsSampler;
  /** The VM each instance seen so far serves: an event about a deleted instance still names it. */
  private readonly seen = new Map<string, number>();
  /** Who is told of changes: set by `watch`, also called when a new VM's addresses arrive. */
  private changed: ((vmIds: number[]) => void) | null = null;
  /** New VMs whose DHCP leases are awaited, by VM id: ended by `stop`. */
  private readonly following = new Map<number, AbortController>();

  constructor(
    private readonly client: LxdClient,
    options: Partial<LxdLiveOptions> = {},
  ) {
    this.options = {
      site: 'this site',
      forwardAddresses: DEFAULT_FORWARD_ADDRESSES,
      sampler: {},
      watch: {},
      ...options,
    };
    this.sampler = new MetricsSampler(
      client,
      (vmId) => this.locate(vmId),
      this.options.sampler,
      this.options.site,
    );
  }

  /** The instance that serves the VM, in whichever project it is; null when LXD has none. */
  async locate(vmId: number, signal?: AbortSignal): Promise<InstanceRef | null> {
    const owner = await this.client.owner();
    const filter = `config.${VM_ID_KEY} eq ${vmId}`;
    const [url] = await this.client.get<string[]>('/1.0/instances', {
      query: {
        'all-projects': 'true',
        filter: owner ? `${filter} and config.${INSTALLATION_KEY} eq ${owner}` : filter,
      },
      signal,
    });
    if (!url) return null;
    const parsed = new URL(url, 'http://lxd');
    const ref = {
      project: parsed.searchParams.get('project') ?? 'default',
      name: decodeURIComponent(parsed.pathname.split('/').pop() ?? ''),
    };
    this.seen.set(key(ref), vmId);
    return ref;
  }

  openConsole(vm: ConsoleTarget, io: ConsoleIo): ConsoleSession {
    return openLxdConsole(this.client, () => this.locate(vm.id), vm, io, this.options.site);
  }

  metrics(vmId: number, request: MetricsRequest, now: number): Promise<MetricsReply> {
    return this.sampler.metrics(vmId, request, now);
  }

  /** The VMs' state as LXD has it; null for a VM whose instance LXD no longer has. */
  async observe<I extends ObservedInstance>(
    vmIds: number[],
    factsOf: (instance: I) => VmStateFacts,
  ): Promise<Map<number, VmStateFacts | null>> {
    const refs = new Map<number, InstanceRef>();
    for (const instance of await this.step('read the virtual machines', () => this.listAll())) {
      if (vmIds.includes(instance.vmId)) refs.set(instance.vmId, instance.ref);
    }
    return observeInstances(this.client, refs, vmIds, factsOf, this.options.site);
  }

  /** Calls `onChange` with the VMs whose instances changed, until `signal` aborts. */
  watch(onChange: (vmIds: number[]) => void, signal: AbortSignal): Promise<void> {
    this.changed = onChange;
    signal.addEventListener('abort', () => {
      if (this.changed === onChange) this.changed = null;
    });
    return watchInstances(this.client, onChange, signal, {
      ...WATCH_DEFAULTS,
      ...this.options.watch,
      // An instance made since the last listing is looked up again, not ignored.
      resolve: async (ref) => {
        const known = this.seen.get(key(ref));
        if (known !== undefined) return known;
        await this.listAll();
        return this.seen.get(key(ref)) ?? null;
      },
      all: async () => {
        await this.listAll();
        return [...new Set(this.seen.values())];
      },
    });
  }

  createNat(
    ctx: OperationContext,
    vmId: number,
    gatewayName: string,
    requested: number | null,
    held: { claims: AddressClaim[]; gatewayId: number } = { claims: [], gatewayId: 0 },
  ): Promise<NatFacts> {
    return this.step('create the NAT entry', async () =>
      addNat(this.client, ctx, vmId, {
        instance: await this.required(vmId, ctx.signal),
        pool: this.options.forwardAddresses,
        gatewayName,
        requested,
        ...held,
      }),
    );
  }

  cancelNat(
    ctx: OperationContext,
    vmId: number,
    globalIpaddressId: number,
  ): Promise<NatCancelFacts> {
    return this.step('cancel the NAT entry', () =>
      cancelNat(this.client, ctx, vmId, globalIpaddressId),
    );
  }

  addFirewallRule(
    ctx: OperationContext,
    vmId: number,
    ruleId: number,
    rule: NewFirewallRule,
  ): Promise<FirewallFacts> {
    return this.step('add the firewall rule', async () =>
      addRule(this.client, ctx, vmId, await this.required(vmId, ctx.signal), ruleId, rule),
    );
  }

  deleteFirewallRule(ctx: OperationContext, vmId: number, ruleId: number): Promise<FirewallFacts> {
    return this.step('delete the firewall rule', () => deleteRule(this.client, ctx, vmId, ruleId));
  }

  /** Removes the VM's forwards and its ACL: after its instance is deleted. */
  forget(ctx: OperationContext, vmId: number): Promise<void> {
    return this.step('delete the virtual machine', async () => {
      await removeNats(this.client, vmId, ctx.signal);
      await removeAcl(this.client, vmId, ctx.signal);
    });
  }

  /**
   * A new VM's addresses come from DHCP after it starts, and LXD sends no event for a lease: its
   * addresses are read every `everyMs` until `ready` says all are there (or `forMs` passes), then
   * the VM is reported as changed, like an outside change, and reported once more a little later
   * (the build's own record may have been written after the first report).
   */
  followAddresses(
    vmId: number,
    ready: (signal: AbortSignal) => Promise<boolean>,
    { everyMs = 250, forMs = 60_000, againMs = 2000 } = {},
  ): void {
    this.following.get(vmId)?.abort();
    const controller = new AbortController();
    this.following.set(vmId, controller);
    const { signal } = controller;
    const deadline = Date.now() + forMs;
    const wait = (ms: number) => sleep(ms, undefined, { signal, ref: false });
    void (async () => {
      while (Date.now() < deadline && !(await ready(signal).catch(() => false)))
        await wait(everyMs);
      this.changed?.([vmId]);
      await wait(againMs);
      this.changed?.([vmId]);
    })()
      .catch(() => undefined)
      .finally(() => {
        if (this.following.get(vmId) === controller) this.following.delete(vmId);
      });
  }

  /** Stops sampling metrics and following new VMs' addresses. */
  stop(): void {
    this.sampler.stop();
    for (const controller of this.following.values()) controller.abort();
    this.following.clear();
  }

  private async required(vmId: number, signal: AbortSignal): Promise<InstanceRef> {
    const ref = await this.locate(vmId, signal);
    if (!ref)
      throw new DriverError(
        `The virtual machine is no longer on the LXD server at ${this.options.site}.`,
      );
    return ref;
  }

  /** Every instance that serves a VM, in every project. */
  private async listAll(): Promise<{ vmId: number; ref: InstanceRef }[]> {
    const instances = await this.client.get<(ObservedInstance & { project: string })[]>(
      '/1.0/instances',
      { query: { 'all-projects': 'true', recursion: '1' } },
    );
    const out: { vmId: number; ref: InstanceRef }[] = [];
    const owner = await this.client.owner();
    for (const instance of instances) {
      if ((instance.config[INSTALLATION_KEY] ?? '') !== owner) continue;
      const vmId = Number(instance.config[VM_ID_KEY]);
      if (!Number.isInteger(vmId) || vmId <= 0) continue;
      const ref = { project: instance.project, name: instance.name };
      this.seen.set(key(ref), vmId);
      out.push({ vmId, ref });
    }
    return out;
  }

  /** Runs an LXD step: LXD's errors as a sentence, its words as the detail. */
  private async step<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof LxdError)
        throw new DriverError(lxdSentence(error, what, this.options.site), {
          detail: error.lxdMessage,
        });
      throw error;
    }
  }
}
