import type { Queryable } from '../../db/database.ts';

// Which of an LXD site's public addresses are taken, and by whom (migration 027, ADR 037): shared
// by the networking driver (gateways, allocations) and compute's (NAT forwards).

export interface AddressClaim {
  address: string;
  tenantId: number;
  gatewayId: number;
  kind: 'gateway' | 'allocated';
}

export async function addressClaims(q: Queryable, location: string): Promise<AddressClaim[]> {
  const rows = await q.query<{
    address: string;
    tenant_id: string;
    gateway_id: string;
    kind: 'gateway' | 'allocated';
  }>(
    `select address, tenant_id, gateway_id, kind from lxd_public_address where location = $1
      order by address`,
    [location],
  );
  return rows.map((row) => ({
    address: row.address,
    tenantId: Number(row.tenant_id),
    gatewayId: Number(row.gateway_id),
    kind: row.kind,
  }));
}

/** Serialises choices of a free address at a site (the transaction's lock). */
export const lockAddresses = (tx: Queryable) =>
  tx.query('select pg_advisory_xact_lock($1, $2)', [7037, 1]);
