import { LxdError, type LxdClient, type LxdEvent } from '../../../../platform/lxd/client.ts';
import { lxdSentence } from '../../../../platform/lxd/errors.ts';
import { DriverError, type VmStateFacts } from '../../driver.ts';
import type { InstanceRef } from './console.ts';
import { INSTALLATION_KEY } from '../../../../platform/lxd/ownership.ts';
import {
  eventProject,
  WATCH_DEFAULTS,
  watchLifecycle,
  type WatchTiming,
} from '../../../../platform/lxd/watch.ts';

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
    const owner = await client.owner();
    await Promise.all(
      [...projects].map(async (project) => {
        const instances = await client.get<I[]>('/1.0/instances', {
          project,
          query: { recursion: '2' },
        });
        for (const instance of instances) {
          if ((instance.config[INSTALLATION_KEY] ?? '') !== owner) continue;
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

export interface WatchOptions extends WatchTiming {
  /** The VM an instance serves, or null when it is none of the portal's. */
  resolve: (instance: InstanceRef) => Promise<number | null>;
  /** Every VM this driver serves: what to look at again when events may have been missed. */
  all: () => Promise<number[]>;
}

export { WATCH_DEFAULTS };

/** The instance a lifecycle event is about, and its former name when it was renamed. */
function instancesOf(event: LxdEvent): InstanceRef[] {
  const action = event.metadata['action'];
  const source = event.metadata['source'];
  if (typeof action !== 'string' || !action.startsWith('instance-')) return [];
  if (typeof source !== 'string') return [];
  const match = /^\/1\.0\/instances\/([^/?]+)/.exec(source);
  if (!match?.[1]) return [];
  const refs = [{ project: eventProject(event), name: decodeURIComponent(match[1]) }];
  const context = event.metadata['context'];
  const old =
    typeof context === 'object' && context !== null ? Reflect.get(context, 'old_name') : null;
  if (typeof old === 'string') refs.push({ project: refs[0]?.project ?? 'default', name: old });
  return refs;
}

/**
 * Follows LXD's lifecycle events and calls `onChange` with the VMs whose instances something
 * happened to (started, stopped, renamed, deleted … from the portal or from outside it), and with
 * every VM when events may have been missed (`watchLifecycle`). Ends when `signal` aborts.
 */
export function watchInstances(
  client: LxdClient,
  onChange: (vmIds: number[]) => void,
  signal: AbortSignal,
  options: WatchOptions,
): Promise<void> {
  return watchLifecycle(client, onChange, signal, {
    ...options,
    about: async (event) => {
      const ids: number[] = [];
      for (const instance of instancesOf(event)) {
        const id = await options.resolve(instance).catch(() => null);
        if (id !== null) ids.push(id);
      }
      return ids;
    },
  });
}
