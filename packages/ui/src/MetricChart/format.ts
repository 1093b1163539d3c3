/** Unit of a metric series; decides formatting, scale and axis. */
export type MetricUnit = 'percent' | 'bytes' | 'bitsPerSecond' | 'iops' | 'count';

/** One line of a chart. */
export interface MetricSeries {
  /** Name in the legend, summary and table, e.g. "CPU" or "Received". */
  label: string;
  unit: MetricUnit;
  /**
   * `[time in ms since the epoch, value]`, oldest first; `null` values are gaps. Times in seconds
   * are refused (`alignSeries` throws): they would put a campaign of today in the 1970s.
   */
  points: readonly (readonly [number, number | null])[];
}

/**
 * Below this a point's time cannot be milliseconds since the epoch of anything recent (it is
 * 3 March 1973 in ms), while every time in seconds until the year 5138 is: a time in seconds.
 */
const EARLIEST_MS = 1e11;

/** Throws when `ms` is not a time in milliseconds since the epoch (seconds, NaN). */
export function assertEpochMs(ms: number, label: string): void {
  if (!Number.isFinite(ms) || Math.abs(ms) < EARLIEST_MS)
    throw new RangeError(
      `MetricChart: "${label}" has a point at ${ms}, which is not a time in milliseconds since the epoch (seconds?). Pass Date.parse(…) or Date.getTime().`,
    );
}

/** The time windows of the range picker. */
export type MetricRange = '1h' | '6h' | '24h' | '7d' | '30d';

export const METRIC_RANGES: readonly MetricRange[] = ['1h', '6h', '24h', '7d', '30d'];

/** Length of each range in ms, for callers computing the window to fetch. */
export const RANGE_MS: Record<MetricRange, number> = {
  '1h': 3_600_000,
  '6h': 6 * 3_600_000,
  '24h': 24 * 3_600_000,
  '7d': 7 * 24 * 3_600_000,
  '30d': 30 * 24 * 3_600_000,
};

/** How a range reads in a sentence: "last 24 hours". */
export const RANGE_LABEL: Record<MetricRange, string> = {
  '1h': 'last hour',
  '6h': 'last 6 hours',
  '24h': 'last 24 hours',
  '7d': 'last 7 days',
  '30d': 'last 30 days',
};

/** Unit names as table headings say them. */
export const UNIT_NAME: Record<MetricUnit, string> = {
  percent: '%',
  bytes: 'bytes',
  bitsPerSecond: 'bit/s',
  iops: 'IOPS',
  count: 'count',
};

const LOCALE = 'en-US';
const formatters = new Map<number, Intl.NumberFormat>();
const num = (value: number, digits: number) => {
  let format = formatters.get(digits);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: digits });
    formatters.set(digits, format);
  }
  return format.format(value);
};

/** Fewer decimals as numbers grow: 1.25, 12.5, 125. */
const digitsFor = (scaled: number) => {
  const abs = Math.abs(scaled);
  return abs < 10 ? 2 : abs < 100 ? 1 : 0;
};

const scaleBy = (
  value: number,
  base: number,
  prefixes: readonly string[],
  /** Decimals shown; by default fewer as numbers grow. */
  digits?: number,
) => {
  let exponent = 0;
  let scaled = value;
  while (Math.abs(scaled) >= base && exponent < prefixes.length - 1) {
    scaled /= base;
    exponent += 1;
  }
  // 1023.996 KB would print as "1,024 KB": move up instead.
  if (
    Math.abs(Number(scaled.toFixed(digits ?? digitsFor(scaled)))) >= base &&
    exponent < prefixes.length - 1
  ) {
    scaled /= base;
    exponent += 1;
  }
  return { scaled, prefix: prefixes[exponent] ?? '' };
};

// The portal's one size system (its lib/format.ts): binary steps of 1024 named KB, MB, GB, TB,
// at most one decimal; so a quota reads "2 TB" on the chart and beside it, never "1.95 TiB".
const BYTES = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
const BITS = ['bit/s', 'kbit/s', 'Mbit/s', 'Gbit/s', 'Tbit/s'] as const;
const SI = ['', 'k', 'M', 'G', 'T'] as const;

/**
 * A value with its unit, for legends, tooltips, summaries and tables: "12.5%", "1.5 GB" (binary
 * prefixes), "250 Mbit/s" (decimal prefixes), "1.2k IOPS", "3,400". `null` and non-finite values
 * read "no data".
 */
export function formatValue(value: number | null | undefined, unit: MetricUnit): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'no data';
  switch (unit) {
    case 'percent':
      return `${num(value, Math.abs(value) < 100 ? 1 : 0)}%`;
    case 'bytes': {
      const { scaled, prefix } = scaleBy(value, 1024, BYTES, 1);
      return `${num(scaled, prefix === 'B' ? 0 : 1)} ${prefix}`;
    }
    case 'bitsPerSecond': {
      const { scaled, prefix } = scaleBy(value, 1000, BITS);
      return `${num(scaled, prefix === 'bit/s' ? 0 : digitsFor(scaled))} ${prefix}`;
    }
    case 'iops': {
      const { scaled, prefix } = scaleBy(value, 1000, SI);
      return `${num(scaled, prefix ? digitsFor(scaled) : 0)}${prefix} IOPS`;
    }
    case 'count': {
      if (Math.abs(value) < 10_000) return num(value, 2);
      const { scaled, prefix } = scaleBy(value, 1000, SI);
      return `${num(scaled, digitsFor(scaled))}${prefix}`;
    }
  }
}

/** Shorter labels for axis ticks: whole percent, no "IOPS" suffix (the legend says it). */
export function formatTick(value: number, unit: MetricUnit): string {
  switch (unit) {
    case 'percent':
      return `${num(value, 0)}%`;
    case 'iops': {
      const { scaled, prefix } = scaleBy(value, 1000, SI);
      return `${num(scaled, 1)}${prefix}`;
    }
    default:
      return formatValue(value, unit);
  }
}

/** Tick steps for byte axes: 1, 2, 4 … 512 of each binary prefix, so ticks land on 512 MB, 1 GB. */
export const BYTE_INCREMENTS: number[] = [0, 1, 2, 3, 4, 5].flatMap((power) =>
  [1, 2, 4, 8, 16, 32, 64, 128, 256, 512].map((m) => m * 1024 ** power),
);

/** Min, average, max and latest of a series, over its non-null points. */
export interface SeriesSummary {
  label: string;
  unit: MetricUnit;
  min: number;
  max: number;
  avg: number;
  latest: number;
  count: number;
}

export function summarizeSeries(series: MetricSeries): SeriesSummary | null {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let count = 0;
  let latest: number | undefined;
  for (const [, value] of series.points) {
    if (value === null || !Number.isFinite(value)) continue;
    min = Math.min(min, value);
    max = Math.max(max, value);
    sum += value;
    count += 1;
    latest = value;
  }
  if (count === 0 || latest === undefined) return null;
  return { label: series.label, unit: series.unit, min, max, avg: sum / count, latest, count };
}

/** Whether there is anything to draw. */
export const hasData = (series: readonly MetricSeries[]) =>
  series.some((s) => s.points.some(([, value]) => value !== null && Number.isFinite(value)));

/**
 * The chart in one sentence per series, for its `aria-label`: "CPU usage, last 24 hours. CPU:
 * minimum 2.1%, average 24.5%, maximum 91%, latest 33.2%."
 */
export function describeChart(
  title: string,
  series: readonly MetricSeries[],
  range?: MetricRange,
): string {
  const head = range ? `${title}, ${RANGE_LABEL[range]}.` : `${title}.`;
  const parts = series.map((s) => {
    const summary = summarizeSeries(s);
    if (!summary) return `${s.label}: no data.`;
    const f = (value: number) => formatValue(value, s.unit);
    return `${s.label}: minimum ${f(summary.min)}, average ${f(summary.avg)}, maximum ${f(summary.max)}, latest ${f(summary.latest)}.`;
  });
  return [head, ...parts].join(' ');
}

/**
 * Series on one time axis, as uPlot wants them: `[times in seconds, values of series 1, …]`,
 * times the sorted union of every series' times. Where a series has no point at another series'
 * time the value is `undefined`, which the line passes over (sparse series stay whole lines);
 * only a series' own `null` is a gap. Throws on a time that is not in milliseconds.
 */
export function alignSeries(
  series: readonly MetricSeries[],
): [number[], ...(number | null | undefined)[][]] {
  for (const s of series) for (const [t] of s.points) assertEpochMs(t, s.label);
  const times = [...new Set(series.flatMap((s) => s.points.map(([t]) => t)))].sort((a, b) => a - b);
  const index = new Map(times.map((t, i) => [t, i]));
  const columns = series.map((s) => {
    const values = new Array<number | null | undefined>(times.length).fill(undefined);
    for (const [t, value] of s.points) {
      const i = index.get(t);
      if (i !== undefined) values[i] = value;
    }
    return values;
  });
  return [times.map((t) => t / 1000), ...columns];
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** A point's time for tables and the legend: "Mar 14, 2025, 12:00 PM", in `timeZone` if given. */
export function formatTime(ms: number, timeZone?: string): string {
  const key = timeZone ?? '';
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    timeFormats.set(key, format);
  }
  return format.format(ms);
}
