import { RANGE_MS, type MetricRange, type MetricSeries, type MetricUnit } from './format.ts';

/** A fixed "now", so generated stories and their snapshots never change. */
export const STORY_NOW = Date.UTC(2025, 2, 14, 12, 0, 0);

/** Mulberry32: a tiny seeded PRNG; the same seed gives the same numbers everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STEP_MS: Record<MetricRange, number> = {
  '1h': 60_000,
  '6h': 5 * 60_000,
  '24h': 5 * 60_000,
  '7d': 60 * 60_000,
  '30d': 4 * 60 * 60_000,
};

interface Shape {
  label: string;
  unit: MetricUnit;
  seed: number;
  /** Resting level, daily swing (share of base) and noise (share of base). */
  base: number;
  swing: number;
  noise: number;
  max?: number;
}

/** A daily rhythm with a smoothed random walk on top, sampled over `range` ending at `end`. */
export function generateSeries(shape: Shape, range: MetricRange, end = STORY_NOW): MetricSeries {
  const random = seededRandom(shape.seed);
  const step = STEP_MS[range];
  const count = Math.round(RANGE_MS[range] / step) + 1;
  const points: [number, number][] = [];
  let walk = 0;
  for (let i = 0; i < count; i++) {
    const t = end - (count - 1 - i) * step;
    const day = Math.sin(((t / 3_600_000 - 8) / 24) * 2 * Math.PI);
    walk = walk * 0.8 + (random() - 0.5) * shape.noise;
    const value = shape.base * (1 + shape.swing * day + walk);
    points.push([t, Math.min(shape.max ?? Infinity, Math.max(0, value))]);
  }
  return { label: shape.label, unit: shape.unit, points };
}

const GiB = 1024 ** 3;

export const cpuSeries = (range: MetricRange): MetricSeries[] => [
  generateSeries(
    { label: 'CPU', unit: 'percent', seed: 1, base: 34, swing: 0.6, noise: 0.5, max: 100 },
    range,
  ),
];

export const memoryAndDiskSeries = (range: MetricRange): MetricSeries[] => [
  generateSeries(
    { label: 'Memory used', unit: 'bytes', seed: 2, base: 5.2 * GiB, swing: 0.15, noise: 0.08 },
    range,
  ),
  generateSeries(
    { label: 'Disk IOPS', unit: 'iops', seed: 3, base: 420, swing: 0.5, noise: 0.9 },
    range,
  ),
];

export const networkSeries = (range: MetricRange): MetricSeries[] => [
  generateSeries(
    { label: 'Received', unit: 'bitsPerSecond', seed: 4, base: 180e6, swing: 0.7, noise: 0.6 },
    range,
  ),
  generateSeries(
    { label: 'Sent', unit: 'bitsPerSecond', seed: 5, base: 64e6, swing: 0.5, noise: 0.7 },
    range,
  ),
];

/** A running count of events at the given minutes after `start`, one point per event. */
const runningCount = (label: string, minutes: readonly number[], start: number): MetricSeries => ({
  label,
  unit: 'count',
  points: minutes.map((m, i) => [start + m * 60_000, i + 1] as const),
});

/** A phishing campaign's results over its first minutes: five sparse running counts. */
export const campaignSeries = (start = STORY_NOW - 20 * 60_000): MetricSeries[] => [
  runningCount('Sent', [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5], start),
  runningCount('Opened', [2, 4, 5.5, 9], start),
  runningCount('Clicked', [6], start),
  runningCount('Submitted', [11], start),
  runningCount('Reported', [3, 14], start),
];

/** Every series with a single point at one time. */
export const onePointSeries = (): MetricSeries[] => [
  { label: 'Sent', unit: 'count', points: [[STORY_NOW, 1]] },
];

/** Monthly figures over half a year. */
export const monthsSeries = (): MetricSeries[] => {
  const month = (m: number) => Date.UTC(2024, 9 + m, 1);
  return [
    {
      label: 'Click rate',
      unit: 'percent',
      points: [0, 1, 2, 3, 4, 5].map((m) => [month(m), [18, 14, 15, 9, 7, 5][m] ?? 0] as const),
    },
    {
      label: 'Report rate',
      unit: 'percent',
      points: [0, 1, 2, 3, 4, 5].map((m) => [month(m), [6, 9, 12, 17, 21, 26][m] ?? 0] as const),
    },
  ];
};
