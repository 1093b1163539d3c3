import { describe, expect, it } from 'vitest';
import { pointsToKeep } from '../src/areas/backup/drivers/simulator/retention.ts';

const HOUR = 3_600_000;
const start = Date.parse('2026-01-01T00:00:00Z');
/** One point every six hours for `days` days, ids in time order. */
const points = (days: number) =>
  Array.from({ length: days * 4 }, (_, index) => ({
    id: index + 1,
    createdAt: new Date(start + index * 6 * HOUR),
  }));

describe('retention (keep-last, then per day, week, month, year)', () => {
  it('keeps only the newest points with keep-last alone', () => {
    const kept = pointsToKeep(points(3), {
      keep_last: 2,
      daily: 0,
      weekly: 0,
      monthly: 0,
      yearly: 0,
    });
    expect([...kept].sort((a, b) => a - b)).toEqual([11, 12]);
  });

  it('keeps the newest point of each of the last days, counting the days keep-last covers', () => {
    const kept = pointsToKeep(points(5), {
      keep_last: 1,
      daily: 3,
      weekly: 0,
      monthly: 0,
      yearly: 0,
    });
    // 20 points over 5 days: the newest (20) covers day 5; days 4 and 3 keep their last (16, 12).
    expect([...kept].sort((a, b) => a - b)).toEqual([12, 16, 20]);
  });

  it('adds the newest point of older weeks and months', () => {
    const all = points(70);
    const kept = pointsToKeep(all, { keep_last: 1, daily: 0, weekly: 2, monthly: 3, yearly: 0 });
    const months = new Set([...kept].map((id) => all[id - 1]?.createdAt.toISOString().slice(0, 7)));
    expect(months).toEqual(new Set(['2026-01', '2026-02', '2026-03']));
    expect(kept.size).toBe(4);
  });
});
