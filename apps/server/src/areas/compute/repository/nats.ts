// The compute area's SQL for NAT entries (a public address to a VM), always scoped by tenant.
import type { NatStatus } from '@portal/api/contract';
import type { Queryable } from '../../../db/database.ts';
import { insertedId } from '../../../platform/rows.ts';

import { nextval, vmChildren } from './vm-rows.ts';

export interface NatRecordRow {
  id: number;
  vmId: number;
  gatewayId: number;
  /** The tenant's own gateway's name; null for a site's shared gateway. */
  gatewayName: string | null;
  globalIpaddressId: number;
  globalIpaddress: string;
  status: NatStatus;
  taskId: number | null;
}

interface NatRow {
  id: number;
  vm_id: number;
  gateway_id: number;
  gateway_name: string | null;
  global_ipaddress_id: number;
  global_ipaddress: string;
  status: NatStatus;
  task_id: number | null;
}

const SELECT_NAT = `select * from (select n.id, n.tenant_id, n.vm_id, n.gateway_id,
  (select g.name from network_gateways g where g.id = n.gateway_id and g.tenant_id = n.tenant_id)
    as gateway_name, n.global_ipaddress_id, n.global_ipaddress, n.status, n.task_id
  from nats n) nats`;

const toNat = (row: NatRow): NatRecordRow => ({
  id: row.id,
  vmId: row.vm_id,
  gatewayId: row.gateway_id,
  gatewayName: row.gateway_name,
  globalIpaddressId: row.global_ipaddress_id,
  globalIpaddress: row.global_ipaddress,
  status: row.status,
  taskId: row.task_id,
});

const nats = vmChildren<NatRow, NatRecordRow>(SELECT_NAT, toNat);
/** The NAT entries of several of the tenant's VMs, oldest first. */
export const listNats = nats.list;
export const findNat = nats.find;

/** The VM's NAT entry with this public address id, or null. */
export async function findNatByAddress(
  db: Queryable,
  tenantId: number,
  vmId: number,
  globalIpaddressId: number,
): Promise<NatRecordRow | null> {
  const rows = await db.query<NatRow>(
    `${SELECT_NAT} where tenant_id = $1 and vm_id = $2 and global_ipaddress_id = $3`,
    [tenantId, vmId, globalIpaddressId],
  );
  const row = rows[0];
  return row ? toNat(row) : null;
}

export async function insertNat(
  tx: Queryable,
  tenantId: number,
  nat: Omit<NatRecordRow, 'id' | 'gatewayName'>,
): Promise<number> {
  return insertedId(
    tx,
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

/** A public address id for demo data (the simulator hands them out from the same pool). */
export const nextGlobalIpaddressId = (q: Queryable) => nextval(q, 'global_ipaddress_seq');
