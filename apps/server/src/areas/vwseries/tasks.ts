// The vwseries area's slow operations.
import { Type } from 'typebox';
import { DriverError } from '../../platform/driver.ts';
import { taskDefiner, type TargetKind } from '../../platform/tasks/registry.ts';
import type { VwseriesDriver } from './driver.ts';
import { findVwseries, listVwseries, recordVwseriesRefresh } from './repository.ts';

const defineTask = taskDefiner<VwseriesDriver>('vwseries', 'vwseries');

/** Where a service is in the portal: its VM list. */
export const vwseriesTargets: TargetKind = {
  kind: 'vwseries',
  async paths(db, tenantId, ids) {
    const wanted = new Set(ids);
    const services = await listVwseries(db, tenantId);
    return new Map(
      services
        .filter((service) => wanted.has(service.id))
        .map((service) => [service.id, `/vwseries/${service.serviceid}`]),
    );
  },
};

export const refreshServiceTask = defineTask({
  op: 'vwseries.refresh',
  label: () => 'Refresh',
  operation: () => 'refresh',
  payload: Type.Object({}),
  run: (ctx, task) => ctx.driver.refreshVwseries(ctx, task.targetId),
  async apply(tx, task, facts) {
    const service = await findVwseries(tx, task.tenantId, { id: task.targetId });
    if (!service) throw new DriverError('The service no longer exists.');
    await recordVwseriesRefresh(tx, task.tenantId, service.id, {
      ...service.backup,
      last_backup_at: facts.lastBackupAt,
      last_result: facts.lastResult,
    });
    return `The service ${service.serviceid} was refreshed.`;
  },
});

export const VWSERIES_TASKS = [refreshServiceTask] as const;
