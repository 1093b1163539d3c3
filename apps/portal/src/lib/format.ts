// The portal's one way to write dates, durations, sizes and operating systems. Every page formats
// through here, so "5 minutes ago", "4 GB" and "Ubuntu 24.04 LTS" read the same everywhere.
import type { VmOs } from '@portal/api/contract';

/** Absolute dates and times: the reader's locale, medium date, short time ("3 Jan 2026, 14:02"). */
const ABSOLUTE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const RELATIVE = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const toDate = (value: string | number | Date): Date =>
  value instanceof Date ? value : new Date(value);

/** A date and time, absolute: "3 Jan 2026, 14:02". An unreadable value is shown as given. */
export function formatDateTime(value: string | number | Date | null | undefined, empty = 'never') {
  if (value === null || value === undefined || value === '') return empty;
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : ABSOLUTE.format(date);
}

/**
 * How long ago (or how soon): "now", "5 minutes ago", "yesterday"; beyond a week the absolute
 * date, where a relative one stops helping.
 */
export function formatRelative(
  value: string | number | Date | null | undefined,
  now: number = Date.now(),
  empty = 'never',
): string {
  if (value === null || value === undefined || value === '') return empty;
  const date = toDate(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return String(value);
  const diff = time - now;
  const abs = Math.abs(diff);
  if (abs < 45_000) return RELATIVE.format(0, 'second');
  if (abs < HOUR) return RELATIVE.format(Math.round(diff / MINUTE), 'minute');
  if (abs < DAY) return RELATIVE.format(Math.round(diff / HOUR), 'hour');
  if (abs < 7 * DAY) return RELATIVE.format(Math.round(diff / DAY), 'day');
  return ABSOLUTE.format(date);
}

/** A duration in milliseconds, at most two units: "850 ms", "12 s", "1 min 20 s", "2 h 5 min". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    const rest = seconds % 60;
    return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return rest ? `${hours} h ${rest} min` : `${hours} h`;
  }
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest ? `${days} d ${rest} h` : `${days} d`;
}

/** From `start` to `end` (or to now while it runs); empty without a start. */
export function durationBetween(
  start: string | null | undefined,
  end: string | null | undefined,
  now: number = Date.now(),
): string {
  if (!start) return '';
  const from = new Date(start).getTime();
  const to = end ? new Date(end).getTime() : now;
  if (Number.isNaN(from) || Number.isNaN(to)) return '';
  return formatDuration(Math.max(0, to - from));
}

const UNITS = ['MB', 'GB', 'TB', 'PB'] as const;

/** At most one decimal, none when whole: 4 → "4", 0.5 → "0.5", 1.25 → "1.3". */
const number = (value: number) => String(Math.round(value * 10) / 10);

/**
 * A size given in megabytes (VM memory), in the largest unit that keeps it at least 1 (binary
 * steps of 1024, as the platform counts): 512 → "512 MB", 4096 → "4 GB", 1572864 → "1.5 TB".
 */
export function formatSizeMb(mb: number): string {
  if (!Number.isFinite(mb)) return '';
  let value = mb;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${number(value)} ${UNITS[unit] ?? 'MB'}`;
}

/** A size given in gigabytes (disks, quotas): 60 → "60 GB", 2048 → "2 TB". */
export const formatSizeGb = (gb: number): string => formatSizeMb(gb * 1024);

/** VM memory (MB) as people read it, always in GB: 4096 → "4 GB", 512 → "0.5 GB". */
export const formatMemory = (mb: number): string => `${number(mb / 1024)} GB`;

/** An operating system as one name: "Ubuntu 24.04 LTS"; a version that repeats the name is not doubled. */
export function osName(os: Pick<VmOs, 'name' | 'version'> | null | undefined): string {
  if (!os) return '';
  const name = os.name.trim();
  const version = os.version.trim();
  if (!version) return name;
  if (version.toLowerCase().startsWith(name.toLowerCase())) return version;
  return `${name} ${version}`;
}
