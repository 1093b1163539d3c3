import { describe, expect, it } from 'vitest';
import {
  durationBetween,
  formatDateTime,
  formatDay,
  formatDuration,
  formatMemory,
  formatRelative,
  formatSizeGb,
  formatSizeMb,
  osName,
} from './format.ts';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');

describe('dates', () => {
  it('writes a day (a licence term) in the same date format as a date and time', () => {
    const midday = formatDateTime('2026-12-12T12:00:00.000Z');
    expect(midday.startsWith(formatDay('2026-12-12'))).toBe(true);
    expect(formatDay('someday')).toBe('someday');
  });

  it('writes an absolute date with the year and the time, and keeps what it cannot read', () => {
    const text = formatDateTime('2026-01-03T14:02:00.000Z');
    expect(text).toMatch(/2026/);
    expect(text).toMatch(/\d{1,2}[:.]\d{2}/);
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime(null)).toBe('never');
    expect(formatDateTime(undefined, '—')).toBe('—');
  });

  it('says how long ago while that helps, then the date', () => {
    expect(formatRelative(NOW - 10_000, NOW)).toBe('now');
    expect(formatRelative(NOW - 5 * 60_000, NOW)).toBe('5 minutes ago');
    expect(formatRelative(NOW - 3 * 3_600_000, NOW)).toBe('3 hours ago');
    expect(formatRelative(NOW - 24 * 3_600_000, NOW)).toBe('yesterday');
    expect(formatRelative(NOW + 2 * 60_000, NOW)).toBe('in 2 minutes');
    expect(formatRelative(NOW - 30 * 24 * 3_600_000, NOW)).toBe(
      formatDateTime(NOW - 30 * 86_400_000),
    );
    expect(formatRelative(null, NOW)).toBe('never');
  });
});

describe('durations', () => {
  it('uses at most two units', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_000)).toBe('12 s');
    expect(formatDuration(80_000)).toBe('1 min 20 s');
    expect(formatDuration(120_000)).toBe('2 min');
    expect(formatDuration(2 * 3_600_000 + 5 * 60_000)).toBe('2 h 5 min');
    expect(formatDuration(26 * 3_600_000)).toBe('1 d 2 h');
    expect(formatDuration(-1)).toBe('');
  });

  it('measures a running task up to now', () => {
    expect(durationBetween('2026-03-10T11:59:00.000Z', null, NOW)).toBe('1 min');
    expect(durationBetween('2026-03-10T11:00:00.000Z', '2026-03-10T11:00:42.000Z', NOW)).toBe(
      '42 s',
    );
    expect(durationBetween(null, null, NOW)).toBe('');
  });
});

describe('sizes', () => {
  it('picks the unit that keeps the number readable', () => {
    expect(formatSizeMb(512)).toBe('512 MB');
    expect(formatSizeMb(4096)).toBe('4 GB');
    expect(formatSizeMb(1536)).toBe('1.5 GB');
    expect(formatSizeMb(1_572_864)).toBe('1.5 TB');
    expect(formatSizeGb(60)).toBe('60 GB');
    expect(formatSizeGb(2048)).toBe('2 TB');
  });

  it('writes VM memory in GB', () => {
    expect(formatMemory(4096)).toBe('4 GB');
    expect(formatMemory(512)).toBe('0.5 GB');
    expect(formatMemory(1000)).toBe('1 GB');
  });
});

describe('osName', () => {
  it('joins name and version without repeating the name', () => {
    expect(osName({ name: 'Ubuntu', version: '24.04 LTS' })).toBe('Ubuntu 24.04 LTS');
    expect(osName({ name: 'Windows', version: 'Windows Server 2022' })).toBe('Windows Server 2022');
    expect(osName({ name: 'Debian', version: '' })).toBe('Debian');
    expect(osName(null)).toBe('');
  });
});
