import { describe, expect, it } from 'vitest';
import {
  maintenanceRefusal,
  maintenanceSpans,
  monitorSettingsRefusal,
  combineSla,
  slaFigures,
} from './monitoring.ts';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-01T00:00:00Z'); // a Sunday

describe('monitoring rules', () => {
  it('expands one-off and weekly maintenance windows within a period', () => {
    expect(
      maintenanceSpans(
        { kind: 'once', starts_at: '2026-11-01T01:00:00Z', ends_at: '2026-11-01T03:00:00Z' },
        T0 + 2 * HOUR,
        T0 + 10 * HOUR,
      ),
    ).toEqual([[T0 + 2 * HOUR, T0 + 3 * HOUR]]);
    const weekly = {
      kind: 'weekly' as const,
      days: [0],
      start_time: '23:00',
      duration_minutes: 120,
    };
    // Sunday 23:00 to Monday 01:00, seen from Monday.
    expect(maintenanceSpans(weekly, T0 + 24 * HOUR, T0 + 48 * HOUR)).toEqual([
      [T0 + 24 * HOUR, T0 + 25 * HOUR],
    ]);
  });

  it('leaves maintenance out of availability and downtime', () => {
    const base = {
      from: T0,
      to: T0 + 10 * HOUR,
      now: T0 + 20 * HOUR,
      createdAt: T0 - HOUR,
      checked: [[T0 - HOUR, T0 + 20 * HOUR] as const],
    };
    const incident = { started_at: '2026-11-01T01:00:00Z', ended_at: '2026-11-01T02:00:00Z' };
    expect(slaFigures({ ...base, incidents: [incident], windows: [] })).toMatchObject({
      availability: 90,
      incidents: 1,
      downtime_minutes: 60,
    });
    const covering = {
      kind: 'once' as const,
      starts_at: '2026-11-01T00:30:00Z',
      ends_at: '2026-11-01T02:30:00Z',
    };
    expect(slaFigures({ ...base, incidents: [incident], windows: [covering] })).toMatchObject({
      availability: 100,
      incidents: 0,
      downtime_minutes: 0,
      maintenance_minutes: 120,
    });
  });

  it('counts only checked time: before the first check and while paused is no data, never up', () => {
    const month = { from: T0, to: T0 + 30 * 24 * HOUR, now: T0 + 20 * 24 * HOUR };
    // Made today, still pending: nothing checked, no figure.
    const pending = slaFigures({
      ...month,
      createdAt: month.now - HOUR,
      checked: [],
      incidents: [],
      windows: [],
    });
    expect(pending).toMatchObject({ availability: null, no_data_minutes: 60, observed_minutes: 0 });
    // Made before the month, paused and never checked: no data, not 100 %.
    expect(
      slaFigures({ ...month, createdAt: T0 - HOUR, checked: [], incidents: [], windows: [] }),
    ).toMatchObject({ availability: null, no_data_minutes: 20 * 24 * 60 });
    // Checked for 10 hours with one down hour, then paused: 90 % of the checked time.
    const incident = { started_at: '2026-11-01T01:00:00Z', ended_at: '2026-11-01T02:00:00Z' };
    const figures = slaFigures({
      ...month,
      createdAt: T0,
      checked: [[T0, T0 + 10 * HOUR]],
      incidents: [incident],
      windows: [],
    });
    expect(figures).toMatchObject({
      availability: 90,
      observed_minutes: 600,
      downtime_minutes: 60,
    });
    expect(figures.no_data_minutes).toBe(20 * 24 * 60 - 600);
    // Together: weighted by checked time; nothing checked anywhere stays no data.
    expect(combineSla([figures, pending]).availability).toBe(90);
    expect(combineSla([pending]).availability).toBeNull();
  });

  it('keeps maintenance apart from no data', () => {
    const window = {
      kind: 'once' as const,
      starts_at: '2026-11-01T04:00:00Z',
      ends_at: '2026-11-01T06:00:00Z',
    };
    const figures = slaFigures({
      from: T0,
      to: T0 + 10 * HOUR,
      now: T0 + 10 * HOUR,
      createdAt: T0,
      checked: [[T0 + 5 * HOUR, T0 + 10 * HOUR]],
      incidents: [],
      windows: [window],
    });
    expect(figures).toMatchObject({
      availability: 100,
      maintenance_minutes: 120,
      no_data_minutes: 240,
      observed_minutes: 240,
    });
  });

  it('names the field of settings that do not hold together', () => {
    const ping = {
      type: 'ping' as const,
      target_kind: 'address' as const,
      target: 'shop.example.com',
      interval_seconds: 60,
      timeout_seconds: 10,
      contacts: [],
    };
    expect(monitorSettingsRefusal(ping)).toBeNull();
    expect(monitorSettingsRefusal({ ...ping, target: 'not a host' })?.field).toBe('target');
    expect(monitorSettingsRefusal({ ...ping, type: 'tcp' })?.field).toBe('port');
    expect(monitorSettingsRefusal({ ...ping, timeout_seconds: 60 })?.field).toBe('timeout_seconds');
    expect(maintenanceRefusal({ kind: 'weekly', days: [1] })?.field).toBe('start_time');
  });
});
