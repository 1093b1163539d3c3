// The portal's one way to write dates, durations, sizes and operating systems. Every page formats
// through here, so "5 minutes ago", "4 GB" and "Ubuntu 24.04 LTS" read the same everywhere.
import type { VmOs } from '@portal/api/contract';

/** Absolute dates and times: the reader's locale, medium date, short time ("3 Jan 2026, 14:02"). */
const ABSOLUTE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** Days without a time (licence terms, UTC days): the same medium date as ABSOLUTE. */
const DAY_ONLY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
/** Times of today: the same short time as ABSOLUTE. */
const TIME_ONLY = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
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

/** A day (`2026-12-12`, a UTC day) in the date format of `formatDateTime`: "12 Dec 2026". */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : DAY_ONLY.format(date);
}

/** A time in the time format of `formatDateTime`: "14:02". */
export const formatTime = (value: string | number | Date): string =>
  TIME_ONLY.format(toDate(value));

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

// Sizes are written by the domain's formatter, shared with the server's sentences.
export { formatSizeGb, formatSizeMb } from '@portal/api/domain';

/** At most one decimal, none when whole: 4 → "4", 0.5 → "0.5", 1.25 → "1.3". */
const number = (value: number) => String(Math.round(value * 10) / 10);

/**
 * A tenant as the provider's pages name it: the customer's name beside the code, "Acme
 * Manufacturing · UZZ100001"; the code alone while the name is unknown.
 */
export const tenantText = (code: string, name?: string | null): string =>
  name ? `${name} · ${code}` : code;

/** Bytes as people read a disk's use, in GB: 2_500_000_000 → "2.5 GB". */
export const formatBytesGb = (bytes: number): string => `${number(bytes / 1e9)} GB`;

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
