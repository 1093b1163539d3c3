import { setTimeout as sleep } from 'node:timers/promises';
import { LxdError, type LxdClient, type LxdEvent } from '../../../../platform/lxd/client.ts';
import { lxdSentence } from '../../../../platform/lxd/errors.ts';
import { DriverError, type VmStateFacts } from '../../driver.ts';
import type { InstanceRef } from './console.ts';

/** The config key naming the portal's VM on its instance: the truth when names change outside. */
export const VM_ID_KEY = 'user.portal.vm-id';

/** An instance as `GET /1.0/instances?recursion=2` lists it: configuration and state. */
export interface ObservedInstance {
  name: string;
  status: string;
  config: Record<string, string>;
}

/**
 * The VMs' state as LXD has it now: one listing per project, each instance found by the VM id
 * it carries (so an instance renamed outside the portal is still found); null for a VM whose
 * instance LXD no longer has.
 */
export async function observeInstances<I extends ObservedInstance>(
  client: LxdClient,
  refs: Map<number, InstanceRef>,
  vmIds: number[],
  factsOf: (instance: I) => VmStateFacts,
  site = 'this site',
): Promise<Map<number, VmStateFacts | null>> {
  const found = new Map<number, VmStateFacts | null>(vmIds.map((id) => [id, null]));
  const projects = new Set<string>();
  for (const id of vmIds) {
    const ref = refs.get(id);
    if (ref) projects.add(ref.project);
  }
  try {
    await Promise.all(
      [...projects].map(async (project) => {
        const instances = await client.get<I[]>('/1.0/instances', {
          project,
          query: { recursion: '2' },
        });
        for (const instance of instances) {
          const id = Number(instance.config[VM_ID_KEY]);
          if (found.has(id) && refs.get(id)?.project === project) found.set(id, factsOf(instance));
        }
      }),
    );
  } catch (error) {
    if (error instanceof LxdError)
      throw new DriverError(lxdSentence(error, 'read the virtual machines', site), {
        detail: error.lxdMessage,
      });
    throw error;
  }
  return found;
}

export interface WatchOptions {
  /** The VM an instance serves, or null when it is none of the portal's. */
  resolve: (instance: InstanceRef) => Promise<number | null>;
  /** Every VM this driver serves: what to look at again when events may have been missed. */
  all: () => Promise<number[]>;
  /** Milliseconds between two looks at every VM: an event can be missed. */
  everyMs: number;
  /** Milliseconds before the event stream is opened again after it broke. */
  retryMs: number;
  /** Events within this many milliseconds are reported together. */
  batchMs: number;
}

export const WATCH_DEFAULTS = { everyMs: 60_000, retryMs: 5000, batchMs: 200 };

/** The instance a lifecycle event is about, and its former name when it was renamed. */
function instancesOf(event: LxdEvent): InstanceRef[] {
  const action = event.metadata['action'];
  const source = event.metadata['source'];
  if (typeof action !== 'string' || !action.startsWith('instance-')) return [];
  if (typeof source !== 'string') return [];
  const match = /^\/1\.0\/instances\/([^/?]+)/.exec(source);
  if (!match?.[1]) return [];
  const project = event.project || new URL(source, 'http://lxd').searchParams.get('project');
  const refs = [{ project: project || 'default', name: decodeURIComponent(match[1]) }];
  const context = event.metadata['context'];
  const old =
    typeof context === 'object' && context !== null ? Reflect.get(context, 'old_name') : null;
  if (typeof old === 'string') refs.push({ project: refs[0]?.project ?? 'default', name: old });
  return refs;
}

/**
 * Follows LXD's lifecycle events and calls `onChange` with the VMs whose instances something
 * happened to (started, stopped, renamed, deleted … from the portal or from outside it). Events
 * are not all there is: when the stream opens, while it is down, and every `everyMs` anyway,
 * every VM is reported, for the caller to observe. Ends when `signal` aborts.
 */
export async function watchInstances(
  client: LxdClient,
  onChange: (vmIds: number[]) => void,
  signal: AbortSignal,
  options: WatchOptions,
): Promise<void> {
  let batch = new Set<number>();
  let flushing: NodeJS.Timeout | null = null;
  const report = (ids: Iterable<number>) => {
    for (const id of ids) batch.add(id);
    flushing ??= setTimeout(() => {
      flushing = null;
      const ids = [...batch];
      batch = new Set();
      if (ids.length > 0 && !signal.aborted) onChange(ids);
    }, options.batchMs);
  };
  const reportAll = async () => report(await options.all().catch(() => []));

  const everything = setInterval(() => void reportAll(), options.everyMs);
  try {
    while (!signal.aborted) {
      try {
        const events = client.events(['lifecycle'], signal)[Symbol.asyncIterator]();
        const next = events.next();
        // What happened before the stream (re)opened, the server down included, is read again.
        void reportAll();
        for (let result = await next; !result.done; result = await events.next()) {
          for (const instance of instancesOf(result.value)) {
            const id = await options.resolve(instance).catch(() => null);
            if (id !== null) report([id]);
          }
        }
      } catch {
        // LXD is down or hung up: every VM is looked at again, then the stream is retried.
        void reportAll();
      }
      await sleep(options.retryMs, undefined, { signal }).catch(() => undefined);
    }
  } finally {
    clearInterval(everything);
    if (flushing) clearTimeout(flushing);
  }
}
