import type { NatStatus } from '@portal/api/contract';
import type { Queryable } from './database.ts';

export interface NatRecordRow {
  id: number;
  vmId: number;
  gatewayId: number;
  globalIpaddressId: number;
  globalIpaddress: string;
  status: NatStatus;
  taskId: number | null;
}

interface NatRow {
  id: number;
  vm_id: number;
  gateway_id: number;
  global_ipaddress_id: number;
  global_ipaddress: string;
  status: NatStatus;
  task_id: number | null;
}

const SELECT_NAT = `select id, vm_id, gateway_id, global_ipaddress_id, global_ipaddress, status,
  task_id from nats`;

const toNat = (row: NatRow): NatRecordRow => ({
  id: row.id,
  vmId: row.vm_id,
  gatewayId: row.gateway_id,
  globalIpaddressId: row.global_ipaddress_id,
  globalIpaddress: row.global_ipaddress,
  status: row.status,
  taskId: row.task_id,
});

/** The NAT entries of several of the tenant's VMs, oldest first. */
export async function listNats(
  db: Queryable,
  tenantId: number,
  vmIds: readonly number[],
): Promise<NatRecordRow[]> {
  if (vmIds.length === 0) return [];
  const rows = await db.query<NatRow>(
    `${SELECT_NAT} where tenant_id = $1 and vm_id = any($2::bigint[]) order by id`,
    [tenantId, vmIds],
  );
  return rows.map(toNat);
}

export async function findNat(
  db: Queryable,
  tenantId: number,
  vmId: number,
  id: number,
): Promise<NatRecordRow | null> {
  const rows = await db.query<NatRow>(
    `${SELECT_NAT} where tenant_id = $1 and vm_id = $2 and id = $3`,
    [tenantId, vmId, id],
  );
  const row = rows[0];
  return row ? toNat(row) : null;
}

/** The next public address id; the simulator derives the address from it. */
export async function nextGlobalIpaddressId(tx: Queryable): Promise<number> {
  const rows = await tx.query<{ id: number }>("select nextval('global_ipaddress_seq') as id");
  const row = rows[0];
  if (!row) throw new Error('nextval returned no row');
  return row.id;
}

export async function insertNat(
  tx: Queryable,
  tenantId: number,
  nat: Omit<NatRecordRow, 'id'>,
): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `insert into nats (tenant_id, vm_id, gateway_id, global_ipaddress_id, global_ipaddress, status,
                       task_id)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      tenantId,
      nat.vmId,
      nat.gatewayId,
      nat.globalIpaddressId,
      nat.globalIpaddress,
      nat.status,
      nat.taskId,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into nats returned no row');
  return row.id;
}

export async function setNatStatus(
  tx: Queryable,
  tenantId: number,
  id: number,
  status: NatStatus,
  taskId: number | null,
): Promise<void> {
  await tx.query('update nats set status = $3, task_id = $4 where tenant_id = $1 and id = $2', [
    tenantId,
    id,
    status,
    taskId,
  ]);
}
