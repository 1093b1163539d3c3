import { Type, type Static } from 'typebox';
import type { OperationContext } from '../../platform/driver.ts';

/** What the platform reports on a service's refresh: its last nightly backup. */
export const RefreshFacts = Type.Object({
  lastBackupAt: Type.String(),
  lastResult: Type.Union([Type.Literal('success'), Type.Literal('warning')]),
});
export type RefreshFacts = Static<typeof RefreshFacts>;

/**
 * The vwseries platform: what a real driver implements. Services are named by the portal's id.
 * Idempotent per `ctx.taskId`, like every driver operation.
 */
export interface VwseriesDriver {
  refreshVwseries(ctx: OperationContext, serviceId: number): Promise<RefreshFacts>;
}
