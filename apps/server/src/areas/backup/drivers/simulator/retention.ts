// Which restore points a retention policy keeps, in the way of Proxmox Backup Server's prune:
// keep-last first, then per day, ISO week, month and year the newest point of each period, for
// as many periods as each count says, skipping periods already covered by a kept point.
import type { BackupRetention } from '@portal/api/contract';

export interface PointTime {
  id: number;
  createdAt: Date;
}

const day = (at: Date) => at.toISOString().slice(0, 10);
const month = (at: Date) => at.toISOString().slice(0, 7);
const year = (at: Date) => at.toISOString().slice(0, 4);
function isoWeek(at: Date): string {
  const date = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const start = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - start) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${week}`;
}

/** The ids of the points to keep. */
export function pointsToKeep(
  points: readonly PointTime[],
  retention: BackupRetention,
): Set<number> {
  const newest = [...points].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
  );
  const keep = new Set<number>(newest.slice(0, retention.keep_last).map((point) => point.id));
  const rules: [number, (at: Date) => string][] = [
    [retention.daily, day],
    [retention.weekly, isoWeek],
    [retention.monthly, month],
    [retention.yearly, year],
  ];
  for (const [count, periodOf] of rules) {
    const covered = new Set(
      newest.filter((point) => keep.has(point.id)).map((point) => periodOf(point.createdAt)),
    );
    const periods = new Set<string>();
    for (const point of newest) {
      if (periods.size >= count) break;
      const period = periodOf(point.createdAt);
      if (periods.has(period)) continue;
      periods.add(period);
      if (!covered.has(period)) keep.add(point.id);
    }
  }
  return keep;
}
