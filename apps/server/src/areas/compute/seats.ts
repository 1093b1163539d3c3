// The licence seats compute's VMs use, counted from the guest OS the VM was built from (its
// image, `os_guest_full_name`) and, for SQL Server, from its name: the platform does not see
// inside the guest, so a Windows VM whose name says `sql` is taken to run SQL Server.
// VMs whose creation failed (status `error`) run nothing and hold no seat.
import type { Queryable } from '../../db/database.ts';
import type { SeatCounter, SeatHolder, SeatProduct } from '../../platform/seats.ts';

const WINDOWS = `v.os_guest_full_name ilike '%windows%'`;

const vmCounter = (product: SeatProduct, where: string): SeatCounter => ({
  product,
  async holders(db: Queryable, tenantId: number): Promise<SeatHolder[]> {
    const rows = await db.query<{ id: string; name: string }>(
      `select v.id::text as id, v.display_name as name from vms v
        where v.tenant_id = $1 and v.status <> 'error' and (${where})
        order by v.id`,
      [tenantId],
    );
    return rows.map((row) => ({ kind: 'vm', id: row.id, name: row.name }));
  },
});

/** Windows VMs → Windows Server Datacenter; RHEL VMs → Red Hat; Windows SQL VMs → SQL Server. */
export const computeSeatCounters: readonly SeatCounter[] = [
  vmCounter('windows-server-datacenter', WINDOWS),
  vmCounter('rhel', `v.os_guest_full_name ilike '%red hat%' or v.os_guest_full_name ilike 'rhel%'`),
  vmCounter(
    'sql-server-standard',
    `${WINDOWS} and (v.display_name ilike '%sql%' or v.os_guest_full_name ilike '%sql server%')`,
  ),
];
