// Following what happens in LXD, from the portal or outside it: lifecycle events, batched, plus a
// periodic look at everything, since an event can be missed. Compute follows instances with it
// (VM ids), storage the tenants' projects (ADR 041).
import { setTimeout as sleep } from 'node:timers/promises';
import type { LxdClient, LxdEvent } from './client.ts';

export interface WatchTiming {
  /** Milliseconds between two looks at everything: an event can be missed. */
  everyMs: number;
  /** Milliseconds before the event stream is opened again after it broke. */
  retryMs: number;
  /** Events within this many milliseconds are reported together. */
  batchMs: number;
}

export const WATCH_DEFAULTS: WatchTiming = { everyMs: 60_000, retryMs: 5000, batchMs: 200 };

export interface LifecycleWatch<K> extends WatchTiming {
  /** What a lifecycle event is about, as the caller counts things (none: not its business). */
  about: (event: LxdEvent) => Promise<K[]>;
  /** Everything the caller follows: what to look at again when events may have been missed. */
  all: () => Promise<K[]>;
}

/** The project an event happened in (LXD 5.0 names it on the event or in its source's query). */
export function eventProject(event: LxdEvent): string {
  const source = event.metadata['source'];
  const fromSource =
    typeof source === 'string' ? new URL(source, 'http://lxd').searchParams.get('project') : null;
  return event.project || fromSource || 'default';
}

/**
 * Follows LXD's lifecycle events and calls `onChange` with what they are about, batched. Events
 * are not all there is: when the stream opens, while it is down, and every `everyMs` anyway,
 * everything is reported, for the caller to look at. Ends when `signal` aborts.
 */
export async function watchLifecycle<K>(
  client: LxdClient,
  onChange: (keys: K[]) => void,
  signal: AbortSignal,
  options: LifecycleWatch<K>,
): Promise<void> {
  let batch = new Set<K>();
  let flushing: NodeJS.Timeout | null = null;
  const report = (keys: Iterable<K>) => {
    for (const key of keys) batch.add(key);
    flushing ??= setTimeout(() => {
      flushing = null;
      const keys = [...batch];
      batch = new Set();
      if (keys.length > 0 && !signal.aborted) onChange(keys);
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
        for (let result = await next; !result.done; result = await events.next())
          report(await options.about(result.value).catch(() => []));
      } catch {
        // LXD is down or hung up: everything is looked at again, then the stream is retried.
        void reportAll();
      }
      await sleep(options.retryMs, undefined, { signal }).catch(() => undefined);
    }
  } finally {
    clearInterval(everything);
    if (flushing) clearTimeout(flushing);
  }
}
