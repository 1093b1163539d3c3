import { setTimeout as sleep } from 'node:timers/promises';
import { METRIC_RANGE_SECONDS, type MetricsReply } from '@portal/api/contract';
import { LxdError, type LxdClient } from '../../../../platform/lxd/client.ts';
import { lxdSentence } from '../../../../platform/lxd/errors.ts';
import {
  hostResources,
  instanceLimits,
  instanceState,
  type LxdInstanceState,
} from '../../../../platform/lxd/state.ts';
import { DriverError, type MetricsRequest } from '../../driver.ts';
import type { InstanceRef } from './console.ts';

/** One reading of an instance's counters. */
interface Sample {
  at: number;
  running: boolean;
  /** CPU time used since the instance started, in ns. */
  cpuNs: number;
  memoryBytes: number;
  /** Bytes received and sent through its NICs since they came up. */
  rxBytes: number;
  txBytes: number;
}

interface Watched {
  instance: InstanceRef;
  /** What 100 % means: the instance's limits, else the host's. */
  cpus: number;
  memoryBytes: number;
  askedAt: number;
  samples: Sample[];
}

export interface SamplerOptions {
  /** Milliseconds between two readings of one instance. */
  everyMs: number;
  /** An instance nobody asked about for this long is no longer read, and its samples go. */
  idleMs: number;
  /** Samples older than this go. */
  keepMs: number;
  /** The first reading's partner, so that the first reply already has rates. */
  firstGapMs: number;
}

export const SAMPLER_DEFAULTS: SamplerOptions = {
  everyMs: 5000,
  idleMs: 5 * 60_000,
  keepMs: 60 * 60_000,
  firstGapMs: 500,
};

const SERIES: Record<MetricsRequest['metric'], { unit: string; names: string[] }> = {
  cpu: { unit: '%', names: ['usage'] },
  memory: { unit: '%', names: ['usage'] },
  disk: { unit: 'MB/s', names: ['read', 'write'] },
  network: { unit: 'Mbit/s', names: ['rx', 'tx'] },
};

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
};

/** `limits.memory` in bytes ("1024MB", "1GiB", "50%" of the host), or null when unset. */
export function memoryLimit(value: string | undefined, hostBytes: number): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]i?b|b|%)?\s*$/i.exec(value ?? '');
  if (!match) return null;
  const amount = Number(match[1]);
  const unit = (match[2] ?? '').toLowerCase();
  if (unit === '%') return (hostBytes * amount) / 100;
  const factor = UNITS[unit];
  return factor === undefined ? null : amount * factor;
}

/** `limits.cpu` as a number of CPUs ("2", a set "0-1,4"), or null when unset. */
export function cpuLimit(value: string | undefined): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  let count = 0;
  for (const part of value.split(',')) {
    const [from, to] = part.split('-').map(Number);
    if (from === undefined || Number.isNaN(from)) return null;
    count += to === undefined || Number.isNaN(to) ? 1 : to - from + 1;
  }
  return count > 0 ? count : null;
}

function sampleOf(state: LxdInstanceState, at: number): Sample {
  let rxBytes = 0;
  let txBytes = 0;
  for (const nic of Object.values(state.network ?? {})) {
    if (nic.type === 'loopback') continue;
    rxBytes += nic.counters.bytes_received;
    txBytes += nic.counters.bytes_sent;
  }
  return {
    at,
    running: state.status === 'Running',
    cpuNs: state.cpu?.usage ?? 0,
    memoryBytes: state.memory?.usage ?? 0,
    rxBytes,
    txBytes,
  };
}

/** [time, value] readings of one series, from the samples: a rate over each interval. */
function readings(watched: Watched, metric: MetricsRequest['metric'], series: string) {
  const out: [number, number][] = [];
  const { samples } = watched;
  if (metric === 'memory') {
    for (const sample of samples)
      out.push([sample.at, Math.min(100, (sample.memoryBytes / watched.memoryBytes) * 100)]);
    return out;
  }
  if (metric === 'disk') return out;
  for (let i = 1; i < samples.length; i++) {
    const [before, after] = [samples[i - 1], samples[i]] as [Sample, Sample];
    const seconds = (after.at - before.at) / 1000;
    if (seconds <= 0) continue;
    if (!after.running || !before.running) {
      out.push([after.at, 0]);
      continue;
    }
    let value: number;
    if (metric === 'cpu') {
      value = ((after.cpuNs - before.cpuNs) / 1e9 / seconds / watched.cpus) * 100;
      value = Math.min(100, value);
    } else {
      const bytes =
        series === 'rx' ? after.rxBytes - before.rxBytes : after.txBytes - before.txBytes;
      value = (bytes * 8) / 1e6 / seconds;
    }
    // A counter that went back (the instance restarted) says nothing about that interval.
    if (value >= 0) out.push([after.at, value]);
  }
  return out;
}

/**
 * The portal's charts from LXD, which keeps no history of its own: the server reads the state of
 * each instance that someone asked about in the last few minutes, every few seconds, and keeps
 * an hour of readings in memory. In memory because they are only worth anything while someone
 * looks (a database write per instance every few seconds would cost more than the chart is
 * worth), and because a restart losing the last hour of a chart loses nothing else; each server
 * instance reads only the VMs its own users look at. Points are the mean of the readings within
 * each step, labelled with the step's start; steps without readings have no point.
 */
export class MetricsSampler {
  private readonly watched = new Map<number, Watched>();
  private readonly starting = new Map<number, Promise<Watched>>();
  private timer: NodeJS.Timeout | null = null;
  private readonly options: SamplerOptions;

  constructor(
    private readonly client: LxdClient,
    private readonly locate: (vmId: number) => Promise<InstanceRef | null>,
    options: Partial<SamplerOptions> = {},
    private readonly site = 'this site',
  ) {
    this.options = { ...SAMPLER_DEFAULTS, ...options };
  }

  async metrics(vmId: number, request: MetricsRequest, now: number): Promise<MetricsReply> {
    const watched = await this.watch(vmId);
    watched.askedAt = Date.now();
    const stepMs = request.step * 1000;
    const count = Math.floor(METRIC_RANGE_SECONDS[request.range] / request.step);
    const first = Math.floor(now / stepMs) * stepMs - (count - 1) * stepMs;
    const { unit, names } = SERIES[request.metric];
    return {
      vm_id: vmId,
      metric: request.metric,
      unit,
      range: request.range,
      step: request.step,
      series: names.map((name) => {
        const sums = new Map<number, { total: number; n: number }>();
        for (const [at, value] of readings(watched, request.metric, name)) {
          if (at < first) continue;
          const bucket = first + Math.floor((at - first) / stepMs) * stepMs;
          const sum = sums.get(bucket) ?? { total: 0, n: 0 };
          sum.total += value;
          sum.n += 1;
          sums.set(bucket, sum);
        }
        const points = [...sums]
          .sort(([a], [b]) => a - b)
          .map(([at, { total, n }]): [number, number] => [at, Math.round((total / n) * 100) / 100]);
        return { name, points };
      }),
    };
  }

  /** Stops reading; the samples go. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.watched.clear();
  }

  /** The instance's readings, starting them (two readings, a moment apart) on first use. */
  private watch(vmId: number): Promise<Watched> {
    const known = this.watched.get(vmId);
    if (known) return Promise.resolve(known);
    let starting = this.starting.get(vmId);
    if (!starting) {
      starting = this.start(vmId).finally(() => this.starting.delete(vmId));
      this.starting.set(vmId, starting);
    }
    return starting;
  }

  private async start(vmId: number): Promise<Watched> {
    try {
      const instance = await this.locate(vmId);
      if (!instance) throw new DriverError('The virtual machine is no longer on LXD.');
      const [limits, host] = await Promise.all([
        instanceLimits(this.client, instance.project, instance.name),
        hostResources(this.client),
      ]);
      const watched: Watched = {
        instance,
        cpus: cpuLimit(limits['limits.cpu']) ?? host.cpu.total,
        memoryBytes: memoryLimit(limits['limits.memory'], host.memory.total) ?? host.memory.total,
        askedAt: Date.now(),
        samples: [],
      };
      await this.read(watched);
      await sleep(this.options.firstGapMs);
      await this.read(watched);
      this.watched.set(vmId, watched);
      this.timer ??= setInterval(() => void this.tick(), this.options.everyMs).unref();
      return watched;
    } catch (error) {
      if (error instanceof LxdError)
        throw new DriverError(lxdSentence(error, 'read the metrics', this.site), {
          detail: error.lxdMessage,
        });
      throw error;
    }
  }

  private async read(watched: Watched): Promise<void> {
    const { project, name } = watched.instance;
    const state = await instanceState(this.client, project, name);
    watched.samples.push(sampleOf(state, Date.now()));
  }

  private async tick(): Promise<void> {
    const now = Date.now();
    await Promise.all(
      [...this.watched].map(async ([vmId, watched]) => {
        if (now - watched.askedAt > this.options.idleMs) {
          this.watched.delete(vmId);
          return;
        }
        const oldest = now - this.options.keepMs;
        while ((watched.samples[0]?.at ?? now) < oldest) watched.samples.shift();
        // A reading that fails (LXD down) is a gap in the chart, no more; an instance LXD no
        // longer knows by that name (renamed, deleted) is looked up again on the next question.
        await this.read(watched).catch((error: unknown) => {
          if (error instanceof LxdError && error.status === 404) this.watched.delete(vmId);
        });
      }),
    );
    if (this.watched.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
