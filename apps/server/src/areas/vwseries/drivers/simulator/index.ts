import { setTimeout as sleep } from 'node:timers/promises';
import { Value } from 'typebox/value';
import type { Database } from '../../../../db/database.ts';
import type { OperationContext } from '../../../../platform/driver.ts';
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
    const recorded = await this.db.query<{ facts: unknown }>(
      'select facts from simulator_applied_tasks where task_id = $1',
      [ctx.taskId],
    );
    const before = recorded[0]?.facts;
    if (Value.Check(RefreshFacts, before)) return before;
    await sleep((REFRESH_SECONDS * 1000) / this.options.speed, undefined, { signal: ctx.signal });
    const now = new Date();
    const lastRun = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 2),
    );
    if (lastRun > now) lastRun.setUTCDate(lastRun.getUTCDate() - 1);
    const facts: RefreshFacts = {
      lastBackupAt: lastRun.toISOString(),
      lastResult: (lastRun.getUTCDate() + serviceId) % 8 === 0 ? 'warning' : 'success',
    };
    await this.db.query(
      `insert into simulator_applied_tasks (task_id, message, facts) values ($1, '', $2::jsonb)
       on conflict (task_id) do update set facts = excluded.facts`,
      [ctx.taskId, JSON.stringify(facts)],
    );
    return facts;
  }
}
