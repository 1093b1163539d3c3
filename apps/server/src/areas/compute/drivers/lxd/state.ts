import { asDriverError } from '../../../../platform/lxd/errors.ts';
import type { PowerState } from '@portal/api/contract';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { Queryable } from '../../../../db/database.ts';
import type { InstanceRef } from './console.ts';

// The LXD driver's own tables (migration 014): never the portal's.

export interface LxdVm extends InstanceRef {
  vmId: number;
  tenantId: number;
  planId: string;
}

export async function findLxdVm(q: Queryable, vmId: number): Promise<LxdVm | null> {
  const rows = await q.query<{
    vm_id: string;
    tenant_id: string;
    project: string;
    name: string;
    plan_id: string;
  }>('select vm_id, tenant_id, project, name, plan_id from lxd_instance where vm_id = $1', [vmId]);
  const row = rows[0];
  if (!row) return null;
  return {
    vmId: Number(row.vm_id),
    tenantId: Number(row.tenant_id),
    project: row.project,
    name: row.name,
    planId: row.plan_id,
  };
}

export async function allLxdVmIds(q: Queryable): Promise<number[]> {
  const rows = await q.query<{ vm_id: string }>('select vm_id from lxd_instance order by vm_id');
  return rows.map((row) => Number(row.vm_id));
}

export async function saveLxdVm(q: Queryable, vm: LxdVm): Promise<void> {
  await q.query(
    `insert into lxd_instance (vm_id, tenant_id, project, name, plan_id) values ($1, $2, $3, $4, $5)
     on conflict (vm_id) do update set project = excluded.project, name = excluded.name`,
    [vm.vmId, vm.tenantId, vm.project, vm.name, vm.planId],
  );
}

export async function forgetLxdVm(q: Queryable, vmId: number): Promise<void> {
  await q.query('delete from lxd_snapshot where vm_id = $1', [vmId]);
  await q.query('delete from lxd_instance where vm_id = $1', [vmId]);
}

export interface LxdSnapshotRecord {
  id: number;
  name: string;
  description: string;
  powerState: PowerState;
}

export async function listLxdSnapshots(q: Queryable, vmId: number): Promise<LxdSnapshotRecord[]> {
  const rows = await q.query<{
    snapshot_id: string;
    name: string;
    description: string;
    power_state: PowerState;
  }>(
    `select snapshot_id, name, description, power_state from lxd_snapshot where vm_id = $1
      order by snapshot_id`,
    [vmId],
  );
  return rows.map((row) => ({
    id: Number(row.snapshot_id),
    name: row.name,
    description: row.description,
    powerState: row.power_state,
  }));
}

export async function saveLxdSnapshot(
  q: Queryable,
  vmId: number,
  snapshot: LxdSnapshotRecord,
): Promise<void> {
  await q.query(
    `insert into lxd_snapshot (vm_id, snapshot_id, name, description, power_state)
     values ($1, $2, $3, $4, $5)
     on conflict (vm_id, snapshot_id) do update
       set name = excluded.name, description = excluded.description`,
    [vmId, snapshot.id, snapshot.name, snapshot.description, snapshot.powerState],
  );
}

export async function deleteLxdSnapshots(q: Queryable, vmId: number, ids: number[]): Promise<void> {
  await q.query('delete from lxd_snapshot where vm_id = $1 and snapshot_id = any($2::bigint[])', [
    vmId,
    ids,
  ]);
}

/** The facts this driver reported for a task it carried out, or null. */
export async function findLxdFacts<S extends TSchema>(
  q: Queryable,
  taskId: number,
  schema: S,
): Promise<Static<S> | null> {
  const rows = await q.query<{ facts: unknown }>(
    'select facts from lxd_applied_tasks where task_id = $1',
    [taskId],
  );
  const facts = rows[0]?.facts;
  return facts !== undefined && Value.Check(schema, facts) ? facts : null;
}

export async function recordLxdFacts(q: Queryable, taskId: number, facts: unknown): Promise<void> {
  await q.query(
    `insert into lxd_applied_tasks (task_id, facts) values ($1, $2::jsonb)
     on conflict (task_id) do update set facts = excluded.facts`,
    [taskId, JSON.stringify(facts)],
  );
}

/**
 * Once per task: the facts recorded for `taskId`, or the work's, recorded. A task run again after
 * a crash answers what it reported the first time and changes nothing more.
 */
export async function oncePerLxdTask<S extends TSchema>(
  q: Queryable,
  taskId: number,
  schema: S,
  work: () => Promise<Static<S>>,
): Promise<Static<S>> {
  const applied = await findLxdFacts(q, taskId, schema);
  if (applied !== null) return applied;
  const facts = await work();
  await recordLxdFacts(q, taskId, facts);
  return facts;
}

/** One LXD step of a task, as `lxdTaskSteps` runs it. */
export type LxdTaskStep = <S extends TSchema>(
  ctx: { taskId: number },
  schema: S,
  what: string,
  work: () => Promise<Static<S>>,
) => Promise<Static<S>>;

/**
 * The LXD steps of the tasks at `site`: each run once per task (oncePerLxdTask), LXD's errors
 * turned into the customer's sentence about `what` at the site. What the storage and networking
 * drivers share.
 */
export const lxdTaskSteps =
  (q: Queryable, site: string): LxdTaskStep =>
  (ctx, schema, what, work) =>
    oncePerLxdTask(q, ctx.taskId, schema, async () => {
      try {
        return await work();
      } catch (error) {
        throw asDriverError(error, what, site);
      }
    });
