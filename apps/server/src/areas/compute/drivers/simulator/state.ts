// The simulated platform's own tables (sim_*): what it has built, as a hypervisor would know it.
// Never the portal's tables.
import type { BootCdrom, PowerState, VmAdapter, VmStatus } from '@portal/api/contract';
import type { Queryable } from '../../../../db/database.ts';
import { rowById } from '../../../../platform/rows.ts';

export interface SimVm {
  id: number;
  tenantId: number;
  displayName: string;
  status: VmStatus;
  powerState: PowerState;
  vcpus: number;
  memoryMb: number;
  planId: string;
  location: string;
  adapters: VmAdapter[];
  bootCdrom: BootCdrom | null;
}

interface SimVmRow {
  vm_id: number;
  tenant_id: number;
  display_name: string;
  status: VmStatus;
  power_state: PowerState;
  vcpus: number;
  memory_mb: number;
  plan_id: string;
  location: string;
  adapters: VmAdapter[];
  boot_cdrom: BootCdrom | null;
}

const toVm = (row: SimVmRow): SimVm => ({
  id: row.vm_id,
  tenantId: row.tenant_id,
  displayName: row.display_name,
  status: row.status,
  powerState: row.power_state,
  vcpus: row.vcpus,
  memoryMb: row.memory_mb,
  planId: row.plan_id,
  location: row.location,
  adapters: row.adapters,
  bootCdrom: row.boot_cdrom,
});

/** The tenant's VM on the platform (not deleted), optionally locked. */
export const findSimVm = rowById<SimVmRow, SimVm>(
  `select vm_id, tenant_id, display_name, status, power_state, vcpus, memory_mb, plan_id,
          location, adapters, boot_cdrom
     from sim_vm where tenant_id = $1 and vm_id = $2 and not deleted`,
  { map: toVm },
);

export async function insertSimVm(q: Queryable, vm: SimVm): Promise<void> {
  await q.query(
    `insert into sim_vm (vm_id, tenant_id, display_name, status, power_state, vcpus, memory_mb,
                         plan_id, location, adapters, boot_cdrom)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb)
     on conflict (vm_id) do nothing`,
    [
      vm.id,
      vm.tenantId,
      vm.displayName,
      vm.status,
      vm.powerState,
      vm.vcpus,
      vm.memoryMb,
      vm.planId,
      vm.location,
      JSON.stringify(vm.adapters),
      vm.bootCdrom ? JSON.stringify(vm.bootCdrom) : null,
    ],
  );
  await recordPower(q, vm.id, vm.powerState);
}

export type SimVmChanges = Partial<
  Pick<SimVm, 'displayName' | 'powerState' | 'vcpus' | 'memoryMb' | 'adapters' | 'bootCdrom'>
>;

export async function updateSimVm(q: Queryable, id: number, changes: SimVmChanges): Promise<void> {
  await q.query(
    `update sim_vm set display_name = coalesce($2, display_name),
                       power_state = coalesce($3, power_state),
                       vcpus = coalesce($4, vcpus), memory_mb = coalesce($5, memory_mb),
                       adapters = coalesce($6::jsonb, adapters),
                       boot_cdrom = case when $7 then $8::jsonb else boot_cdrom end
      where vm_id = $1`,
    [
      id,
      changes.displayName ?? null,
      changes.powerState ?? null,
      changes.vcpus ?? null,
      changes.memoryMb ?? null,
      changes.adapters ? JSON.stringify(changes.adapters) : null,
      changes.bootCdrom !== undefined,
      changes.bootCdrom ? JSON.stringify(changes.bootCdrom) : null,
    ],
  );
  if (changes.powerState) await recordPower(q, id, changes.powerState);
}

/** Removes the VM and everything on it from the platform. */
export async function deleteSimVm(q: Queryable, id: number): Promise<void> {
  await q.query('update sim_vm set deleted = true where vm_id = $1', [id]);
  await q.query('delete from sim_snapshot where vm_id = $1', [id]);
  await q.query('delete from sim_nat where vm_id = $1', [id]);
  await q.query('delete from sim_firewall_rule where vm_id = $1', [id]);
}

async function recordPower(q: Queryable, id: number, state: PowerState): Promise<void> {
  await q.query('insert into sim_power_event (vm_id, power_state) values ($1, $2)', [id, state]);
}

/** The VM's power changes since `since` (epoch ms), and the state it was in at `since`. */
export async function powerHistory(
  q: Queryable,
  id: number,
  since: number,
): Promise<{ at: number; state: PowerState }[]> {
  const rows = await q.query<{ at: Date; power_state: PowerState }>(
    `(select at, power_state from sim_power_event where vm_id = $1 and at <= $2
       order by at desc, id desc limit 1)
     union all
     (select at, power_state from sim_power_event where vm_id = $1 and at > $2 order by at, id)`,
    [id, new Date(since)],
  );
  return rows.map((row) => ({ at: new Date(row.at).getTime(), state: row.power_state }));
}

export interface SimSnapshot {
  id: number;
  parentId: number | null;
  name: string;
  description: string;
  powerState: PowerState;
  quiesced: boolean;
  isCurrent: boolean;
}

export async function listSimSnapshots(q: Queryable, vmId: number): Promise<SimSnapshot[]> {
  const rows = await q.query<{
    id: number;
    parent_id: number | null;
    name: string;
    description: string;
    power_state: PowerState;
    quiesced: boolean;
    is_current: boolean;
  }>(
    `select id, parent_id, name, description, power_state, quiesced, is_current
       from sim_snapshot where vm_id = $1 order by id`,
    [vmId],
  );
  return rows.map((row) => ({
    id: row.id,
    parentId: row.parent_id,
    name: row.name,
    description: row.description,
    powerState: row.power_state,
    quiesced: row.quiesced,
    isCurrent: row.is_current,
  }));
}

/** Takes a snapshot as a child of the current one; it becomes current. */
export async function insertSimSnapshot(
  q: Queryable,
  vmId: number,
  snapshot: Omit<SimSnapshot, 'parentId' | 'isCurrent'>,
): Promise<void> {
  const current = await q.query<{ id: number }>(
    'update sim_snapshot set is_current = false where vm_id = $1 and is_current returning id',
    [vmId],
  );
  await q.query(
    `insert into sim_snapshot (id, vm_id, parent_id, name, description, power_state, quiesced,
                               is_current)
     values ($1, $2, $3, $4, $5, $6, $7, true)`,
    [
      snapshot.id,
      vmId,
      current[0]?.id ?? null,
      snapshot.name,
      snapshot.description,
      snapshot.powerState,
      snapshot.quiesced,
    ],
  );
}

/** Consolidates a snapshot away: its children move up, its parent becomes current if it was. */
export async function deleteSimSnapshot(q: Queryable, snapshot: SimSnapshot): Promise<void> {
  await q.query('update sim_snapshot set parent_id = $2 where parent_id = $1', [
    snapshot.id,
    snapshot.parentId,
  ]);
  await q.query('delete from sim_snapshot where id = $1', [snapshot.id]);
  if (snapshot.isCurrent && snapshot.parentId !== null)
    await q.query('update sim_snapshot set is_current = true where id = $1', [snapshot.parentId]);
}

export async function setSimCurrentSnapshot(q: Queryable, vmId: number, id: number) {
  await q.query('update sim_snapshot set is_current = (id = $2) where vm_id = $1', [vmId, id]);
}

export async function editSimSnapshot(
  q: Queryable,
  id: number,
  changes: { name: string | null; description: string | null },
): Promise<void> {
  await q.query(
    `update sim_snapshot set name = coalesce($2, name), description = coalesce($3, description)
      where id = $1`,
    [id, changes.name, changes.description],
  );
}

export async function deleteAllSimSnapshots(q: Queryable, vmId: number): Promise<number> {
  const rows = await q.query('delete from sim_snapshot where vm_id = $1 returning id', [vmId]);
  return rows.length;
}

export interface SimNat {
  globalIpaddressId: number;
  globalIpaddress: string;
  status: 'active' | 'cancelled';
}

export async function findSimNat(
  q: Queryable,
  vmId: number,
  globalIpaddressId: number,
): Promise<SimNat | null> {
  const rows = await q.query<{
    global_ipaddress_id: number;
    global_ipaddress: string;
    status: 'active' | 'cancelled';
  }>(
    `select global_ipaddress_id, global_ipaddress, status from sim_nat
      where vm_id = $1 and global_ipaddress_id = $2`,
    [vmId, globalIpaddressId],
  );
  const row = rows[0];
  return row
    ? {
        globalIpaddressId: row.global_ipaddress_id,
        globalIpaddress: row.global_ipaddress,
        status: row.status,
      }
    : null;
}

/** A new public address id (the simulator's own address pool). */
export async function nextSimAddressId(q: Queryable): Promise<number> {
  const rows = await q.query<{ id: number }>("select nextval('global_ipaddress_seq') as id");
  const row = rows[0];
  if (!row) throw new Error('nextval returned no row');
  return row.id;
}

export async function insertSimNat(
  q: Queryable,
  nat: SimNat & { vmId: number; gatewayId: number },
): Promise<void> {
  await q.query(
    `insert into sim_nat (global_ipaddress_id, vm_id, gateway_id, global_ipaddress, status)
     values ($1, $2, $3, $4, $5)`,
    [nat.globalIpaddressId, nat.vmId, nat.gatewayId, nat.globalIpaddress, nat.status],
  );
}

export async function cancelSimNat(q: Queryable, globalIpaddressId: number): Promise<void> {
  await q.query(`update sim_nat set status = 'cancelled' where global_ipaddress_id = $1`, [
    globalIpaddressId,
  ]);
}

export interface SimRule {
  id: number;
  direction: string;
  protocol: string;
  ports: string | null;
  source: string;
  destination: string;
  action: string;
}

export async function listSimRules(q: Queryable, vmId: number): Promise<SimRule[]> {
  return q.query<SimRule>(
    `select id, direction, protocol, ports, source, destination, action from sim_firewall_rule
      where vm_id = $1 order by id`,
    [vmId],
  );
}

export async function insertSimRule(q: Queryable, vmId: number, rule: SimRule): Promise<void> {
  await q.query(
    `insert into sim_firewall_rule (id, vm_id, direction, protocol, ports, source, destination,
                                    action)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      rule.id,
      vmId,
      rule.direction,
      rule.protocol,
      rule.ports,
      rule.source,
      rule.destination,
      rule.action,
    ],
  );
}

export async function deleteSimRule(q: Queryable, id: number): Promise<void> {
  await q.query('delete from sim_firewall_rule where id = $1', [id]);
}
