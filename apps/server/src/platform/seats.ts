// Licence seats are counted from what a tenant really runs, and what it runs lives in several
// areas (VMs in compute, protected machines in backup, sensor hosts in endpoint security). Each of
// those areas exports its counters from its index.ts; the composition hands them to the licence
// area, which never reaches into another area's tables.
import type { Queryable } from '../db/database.ts';

/** The licence products whose seats are counted from usage. */
export type SeatProduct =
  | 'windows-server-datacenter'
  | 'sql-server-standard'
  | 'rhel'
  | 'backup-agent'
  | 'endpoint-security';

/** One thing that holds a seat: a VM, a protected machine, a host with a sensor. */
export interface SeatHolder {
  kind: 'vm' | 'machine' | 'host';
  /** The holder's id in its area (a VM's uuid, a host's id…). */
  id: string;
  /** What a person recognises it by: a VM's display name, a hostname. */
  name: string;
}

/** Counts the seats one product uses in one tenant. */
export interface SeatCounter {
  product: SeatProduct;
  /** The holders of this product's seats in the tenant (`tenants.id`), in a stable order. */
  holders(db: Queryable, tenantId: number): Promise<SeatHolder[]>;
}
