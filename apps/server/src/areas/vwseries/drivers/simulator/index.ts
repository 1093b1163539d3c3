import type { Database } from '../../../../db/database.ts';
import type { OperationContext } from '../../../../platform/driver.ts';
import { oncePerTaskOutside, simulatedWait } from '../../../../platform/tasks/once.ts';
import { RefreshFacts, type VwseriesDriver } from '../../driver.ts';

/** Seconds a refresh takes at speed 1. */
export const REFRESH_SECONDS = 3;

/**
 * The simulated vwseries platform. Its backups run nightly at 02:00 UTC and about one night in
 * eight ends with a warning; that is all the state it has, so it keeps no tables beyond the
 * record of the tasks it answered (the same facts again when a task is re-run).
 */
export class VwseriesSimulator implements VwseriesDriver {
  constructor(
    private readonly db: Database,
    private readonly options: { speed: number },
  ) {}

  async refreshVwseries(ctx: OperationContext, serviceId: number): Promise<RefreshFacts> {
    return oncePerTaskOutside(this.db, ctx, RefreshFacts, async () => {
      await simulatedWait(ctx, REFRESH_SECONDS, this.options.speed);
      return refreshFacts(serviceId, new Date());
    });
  }
}

/** When the series' backup last ran (02:00 UTC daily) and how it went, at `now`. */
function refreshFacts(serviceId: number, now: Date): RefreshFacts {
  const lastRun = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 2));
  if (lastRun > now) lastRun.setUTCDate(lastRun.getUTCDate() - 1);
  const facts: RefreshFacts = {
    lastBackupAt: lastRun.toISOString(),
    lastResult: (lastRun.getUTCDate() + serviceId) % 8 === 0 ? 'warning' : 'success',
  };
  return facts;
}
