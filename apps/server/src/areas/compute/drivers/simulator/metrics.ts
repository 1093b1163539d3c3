import { METRIC_RANGE_SECONDS, type MetricsReply } from '@portal/api/contract';
import type { MetricsRequest } from '../../driver.ts';

const DAY = 86400;

/** A number in [0, 1) from a string: FNV-1a, then a murmur-style finaliser. */
function unit(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 2 ** 32;
}

interface Profile {
  unit: string;
  series: readonly string[];
  /** Level around which the VM's values move, before the daily swing and noise. */
  base: (r: number) => number;
  swing: number;
  noise: number;
  max: number;
}

const PROFILES: Record<MetricsRequest['metric'], Profile> = {
  cpu: { unit: '%', series: ['usage'], base: (r) => 8 + r * 35, swing: 0.6, noise: 6, max: 100 },
  memory: {
    unit: '%',
    series: ['usage'],
    base: (r) => 30 + r * 40,
    swing: 0.15,
    noise: 2,
    max: 100,
  },
  disk: {
    unit: 'MB/s',
    series: ['read', 'write'],
    base: (r) => 1 + r * 20,
    swing: 0.5,
    noise: 3,
    max: 2000,
  },
  network: {
    unit: 'Mbit/s',
    series: ['rx', 'tx'],
    base: (r) => 2 + r * 60,
    swing: 0.7,
    noise: 8,
    max: 10000,
  },
};

/**
 * One value: a per-VM level, a daily curve peaking in the VM's own afternoon, noise, and the odd
 * burst. It depends only on (VM, metric, series, timestamp), so the same query gives the same
 * numbers and overlapping queries agree where they overlap.
 */
function valueAt(vmId: number, metric: MetricsRequest['metric'], series: string, t: number) {
  const profile = PROFILES[metric];
  const level = profile.base(unit(`${vmId}:${metric}:${series}:level`));
  const phase = unit(`${vmId}:phase`) * 2 * Math.PI;
  const seconds = t / 1000;
  const daily = Math.sin((2 * Math.PI * (seconds % DAY)) / DAY + phase);
  const noise = (unit(`${vmId}:${metric}:${series}:${seconds}`) - 0.5) * 2 * profile.noise;
  const burst = unit(`${vmId}:${metric}:${series}:${seconds}:burst`) > 0.98 ? 2.5 : 1;
  const value = (level * (1 + profile.swing * daily) + noise) * burst;
  return Math.round(Math.min(profile.max, Math.max(0, value)) * 100) / 100;
}

/** A metric's series for one VM over a range, points aligned to multiples of the step. */
export function simulatedMetrics(vmId: number, request: MetricsRequest, now: number): MetricsReply {
  const stepMs = request.step * 1000;
  const end = Math.floor(now / stepMs) * stepMs;
  const count = Math.floor(METRIC_RANGE_SECONDS[request.range] / request.step);
  const profile = PROFILES[request.metric];
  return {
    vm_id: vmId,
    metric: request.metric,
    unit: profile.unit,
    range: request.range,
    step: request.step,
    series: profile.series.map((name) => ({
      name,
      points: Array.from({ length: count }, (_, i): [number, number] => {
        const t = end - (count - 1 - i) * stepMs;
        return [t, valueAt(vmId, request.metric, name, t)];
      }),
    })),
  };
}
