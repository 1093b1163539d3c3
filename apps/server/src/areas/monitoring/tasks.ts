// The monitoring area's slow operations: creating a monitor sets up its probe on the platform.
import { Type } from 'typebox';
import type { Queryable } from '../../db/database.ts';
import { taskDefiner, taskTarget, type TargetKind } from '../../platform/tasks/registry.ts';
import { SUPER_TENANT_CDB_ID } from '@portal/api/contract';
import { findVm } from '../compute/index.ts';
import type { MonitoringDriver } from './driver.ts';
import { activateMonitor, deleteMonitor, existingMonitors, lockMonitor } from './repository.ts';
import { probeSpec } from './service.ts';

const defineTask = taskDefiner<MonitoringDriver>('monitoring', 'monitor');

/** The success sentence of the specification's section 8. */
export const MONITOR_CREATED_MESSAGE = 'Monitoring has been created';

/** Where a monitor is in the portal. Its tasks are the super-tenant user's. */
export const monitorTargets: TargetKind = {
  kind: 'monitor',
  async paths(db, tenantId, ids) {
    const rows = await db.query<{ cdb_id: string }>('select cdb_id from tenants where id = $1', [
      tenantId,
    ]);
    const everyTenant = rows[0]?.cdb_id === SUPER_TENANT_CDB_ID;
    const found = await existingMonitors(db, { tenantId: everyTenant ? null : tenantId }, ids);
    return new Map(found.map((id) => [id, `/monitoring/${id}`]));
  },
  // A VM's monitor is set up by the platform of the VM's site (simulated VMs, simulated probes).
  async location(db, _tenantId, id) {
    const vm = await watchedVm(db, id);
    return vm?.location ?? null;
  },
};

/** The VM a monitor watches, or null. */
async function watchedVm(db: Queryable, monitorId: number) {
  const rows = await db.query<{ tenant_id: number; vm_id: number | null }>(
    'select tenant_id, vm_id from monitors where id = $1',
    [monitorId],
  );
  const row = rows[0];
  if (!row || row.vm_id === null) return null;
  return findVm(db, row.tenant_id, { series: 'any' }, row.vm_id);
}

const GONE = 'The monitor no longer exists.';
const monitorOf = taskTarget(
  (db, task) => lockMonitor(db, { tenantId: null }, task.targetId),
  GONE,
);

export const createMonitorTask = defineTask({
  op: 'monitor.create',
  label: () => 'Create monitor',
  operation: () => 'create',
  payload: Type.Object({}),
  async run(ctx, task) {
    // The monitor belongs to the customer tenant; the task to the super-tenant user who made it.
    const row = await monitorOf(ctx.db, task);
    const spec = probeSpec(row);
    if (row.vm_id !== null) {
      const vm = await watchedVm(ctx.db, row.id);
      spec.vmAddress = vm?.adapters.find((adapter) => adapter.ip)?.ip ?? null;
    }
    return ctx.driver.createProbe(ctx, row.id, spec);
  },
  async apply(tx, task, facts) {
    const row = await monitorOf(tx, task);
    await activateMonitor(tx, row.id, new Date(facts.startedAt));
    return MONITOR_CREATED_MESSAGE;
  },
});

/** Deleting a monitor removes its probe, then the monitor with its history. */
export const deleteMonitorTask = defineTask({
  op: 'monitor.delete',
  label: () => 'Delete monitor',
  operation: () => 'delete',
  payload: Type.Object({}),
  run: (ctx, task) => ctx.driver.deleteProbe(ctx, task.targetId),
  async apply(tx, task) {
    // The request checked the caller's tenant; the monitor may be a customer's.
    const row = await monitorOf(tx, task);
    await deleteMonitor(tx, row.id);
    return `The monitor ${row.name} was deleted.`;
  },
});

export const MONITORING_TASKS = [createMonitorTask, deleteMonitorTask] as const;
