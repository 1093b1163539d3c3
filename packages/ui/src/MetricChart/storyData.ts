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
