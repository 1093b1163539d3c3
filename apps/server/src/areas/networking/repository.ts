// The networking area's SQL: the tenant's networks, gateways and public addresses. Always scoped
// by tenant. The state shown comes from the row and the open task on it (a failed creation shows
// as error, a running deletion as deleting), so no row is left in a passing state.
import type { Queryable } from '../../db/database.ts';
import { insertedId } from '../../platform/rows.ts';
import type { NetworkSpec } from './driver.ts';
import { columnSorts, isoText, tenantList, type ListSpec } from '../../platform/paging.ts';

/** A network as stored: what the platform was asked to build, and the portal's own facts. */
export interface NetworkRecord extends NetworkSpec {
  id: number;
  state: 'creating' | 'active' | 'updating' | 'deleting' | 'error';
  taskId: number | null;
  createdAt: Date;
}

interface NetworkRow {
  id: number;
  name: string;
  location: string;
  vlan_id: number;
  cidr: string;
  gateway_address: string;
  dhcp_start: string;
  dhcp_end: string;
  dns_servers: string[];
  gateway_id: number | null;
  state: NetworkRecord['state'];
  task_id: number | null;
  task_operation: string | null;
  created_at: Date;
}

/** The newest open task of a kind on a row, and its operation. */
const openTask = (kind: string, alias: string) => `
  (select t.id from tasks t where t.kind = '${kind}' and t.target_id = ${alias}.id
      and t.state in ('PENDING', 'RUNNING') order by t.id desc limit 1)::integer as task_id,
  (select t.operation from tasks t where t.kind = '${kind}' and t.target_id = ${alias}.id
      and t.state in ('PENDING', 'RUNNING') order by t.id desc limit 1) as task_operation`;

function shownState<S extends string>(
  state: S,
  taskId: number | null,
  operation: string | null,
): S | 'error' | 'updating' | 'deleting' {
  if (state === 'creating' && taskId === null) return 'error';
  if (operation === 'delete' || operation === 'release') return 'deleting';
  if (operation === 'update' && state !== 'creating') return 'updating';
  return state;
}

/**
 * The list and the find-by-id of one tenant-scoped table read through `select` (whose table is
 * aliased `alias`), each row made a record by `toRecord`; a found row is locked if asked.
 */
function tenantRows<Row, Rec>(
  select: string,
  alias: string,
  order: string,
  toRecord: (row: Row) => Rec,
) {
  return {
    list: async (db: Queryable, tenantId: number): Promise<Rec[]> => {
      const rows = await db.query<Row>(
        `${select} where ${alias}.tenant_id = $1 order by ${order}`,
        [tenantId],
      );
      return rows.map(toRecord);
    },
    find: async (
      db: Queryable,
      tenantId: number,
      id: number,
      lock = false,
    ): Promise<Rec | null> => {
      const rows = await db.query<Row>(
        `${select} where ${alias}.tenant_id = $1 and ${alias}.id = $2${lock ? ` for update of ${alias}` : ''}`,
        [tenantId, id],
      );
      const row = rows[0];
      return row ? toRecord(row) : null;
    },
  };
}

const SELECT_NETWORK = `
  select n.id, n.name, n.location, n.vlan_id, n.cidr, n.gateway_address, n.dhcp_start, n.dhcp_end,
         n.dns_servers, n.gateway_id, n.state, n.created_at, ${openTask('network', 'n')}
    from networks n`;

const toNetwork = (row: NetworkRow): NetworkRecord => ({
  id: row.id,
  name: row.name,
  location: row.location,
  vlanId: row.vlan_id,
  cidr: row.cidr,
  gatewayAddress: row.gateway_address,
  dhcpStart: row.dhcp_start,
  dhcpEnd: row.dhcp_end,
  dnsServers: row.dns_servers,
  gatewayId: row.gateway_id,
  state: shownState(row.state, row.task_id, row.task_operation) as NetworkRecord['state'],
  taskId: row.task_id,
  createdAt: row.created_at,
});

const networks = tenantRows(SELECT_NETWORK, 'n', 'n.location, n.vlan_id, n.id', toNetwork);
/** The tenant's networks by site and VLAN. */
export const listNetworks = networks.list;
/** One of the tenant's networks, else null. */
export const findNetwork = networks.find;

/** The state a network shows, in SQL: as `shownState` says, from its newest open task (`ot`). */
const NETWORK_STATE_SQL = `case
  when n.state = 'creating' and ot.id is null then 'error'
  when ot.operation in ('delete', 'release') then 'deleting'
  when ot.operation = 'update' and n.state <> 'creating' then 'updating'
  else n.state end`;

/** The VMs with an adapter on a network (`n`): same site, an adapter on its VLAN. */
const NETWORK_VM_COUNT_SQL = `(select count(*) from vms m
  where m.tenant_id = n.tenant_id and m.location = n.location
    and m.adapters @> jsonb_build_array(jsonb_build_object('vlan_id', n.vlan_id)))::integer`;

/** The network list as the contract's `Network`, field by field in its order. */
const NETWORK_LIST: ListSpec = {
  name: 'networking',
  from: `networks n left join lateral (
      select t.id, t.operation from tasks t
       where t.kind = 'network' and t.target_id = n.id and t.state in ('PENDING', 'RUNNING')
       order by t.id desc limit 1) ot on true`,
  id: 'n.id',
  fields: `n.id, n.name, n.location, n.vlan_id, n.cidr, n.gateway_address, n.dhcp_start,
    n.dhcp_end, n.dns_servers, n.gateway_id, ${NETWORK_STATE_SQL} as state,
    ${NETWORK_VM_COUNT_SQL} as vm_count, ot.id::integer as task_id,
    ${isoText('n.created_at')} as created_at`,
  sorts: columnSorts('n', {
    name: 'text',
    cidr: 'text',
    vlan: ['vlan_id', 'integer'],
    // By site, then VLAN: the order of the whole list.
    location: { sql: `n.location || ':' || lpad(n.vlan_id::text, 5, '0')`, type: 'text' },
    vms: { sql: NETWORK_VM_COUNT_SQL, type: 'integer' },
    state: { sql: NETWORK_STATE_SQL, type: 'text' },
  }),
  defaultSort: 'location',
  search: ['n.name', 'n.cidr', 'n.location', 'n.vlan_id::text'],
};

/** The tenant's networks (by site and VLAN, or a page). */
export const networkList = tenantList(NETWORK_LIST, 'n');

/** A network as it is recorded: what the platform is asked to build, and its first state. */
export interface NewNetwork extends NetworkSpec {
  state: 'creating' | 'active';
}

export async function insertNetwork(
  db: Queryable,
  tenantId: number,
  network: NewNetwork,
): Promise<number> {
  return insertedId(
    db,
    `insert into networks (tenant_id, name, location, vlan_id, cidr, gateway_address, dhcp_start,
                           dhcp_end, dns_servers, gateway_id, state)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11) returning id`,
    [
      tenantId,
      network.name,
      network.location,
      network.vlanId,
      network.cidr,
      network.gatewayAddress,
      network.dhcpStart,
      network.dhcpEnd,
      JSON.stringify(network.dnsServers),
      network.gatewayId,
      network.state,
    ],
  );
}

export async function updateNetwork(
  db: Queryable,
  tenantId: number,
  id: number,
  changes: {
    state?: 'active';
    dhcpStart?: string;
    dhcpEnd?: string;
    dnsServers?: string[];
    gatewayId?: number | null;
  },
): Promise<void> {
  await db.query(
    `update networks set state = coalesce($3, state), dhcp_start = coalesce($4, dhcp_start),
            dhcp_end = coalesce($5, dhcp_end), dns_servers = coalesce($6::jsonb, dns_servers),
            gateway_id = case when $7::boolean then $8::integer else gateway_id end
      where tenant_id = $1 and id = $2`,
    [
      tenantId,
      id,
      changes.state ?? null,
      changes.dhcpStart ?? null,
      changes.dhcpEnd ?? null,
      changes.dnsServers ? JSON.stringify(changes.dnsServers) : null,
      changes.gatewayId !== undefined,
      changes.gatewayId ?? null,
    ],
  );
}

export async function deleteNetwork(db: Queryable, tenantId: number, id: number): Promise<void> {
  await db.query('delete from networks where tenant_id = $1 and id = $2', [tenantId, id]);
}

// ---------------------------------------------------------------------------------------------
// Gateways

export interface GatewayRecord {
  id: number;
  name: string;
  location: string;
  externalAddress: string;
  snat: boolean;
  state: 'creating' | 'active' | 'updating' | 'deleting' | 'down' | 'error';
  networkCount: number;
  taskId: number | null;
  createdAt: Date;
}

interface GatewayRow {
  id: number;
  name: string;
  location: string;
  external_address: string;
  snat: boolean;
  state: 'creating' | 'active' | 'down';
  network_count: number;
  task_id: number | null;
  task_operation: string | null;
  created_at: Date;
}

const SELECT_GATEWAY = `
  select g.id, g.name, g.location, g.external_address, g.snat, g.state, g.created_at,
         (select count(*) from networks n where n.gateway_id = g.id)::integer as network_count,
         ${openTask('network_gateway', 'g')}
    from network_gateways g`;

const toGateway = (row: GatewayRow): GatewayRecord => ({
  id: row.id,
  name: row.name,
  location: row.location,
  externalAddress: row.external_address,
  snat: row.snat,
  state: shownState(row.state, row.task_id, row.task_operation) as GatewayRecord['state'],
  networkCount: row.network_count,
  taskId: row.task_id,
  createdAt: row.created_at,
});

const gateways = tenantRows(SELECT_GATEWAY, 'g', 'g.location, g.id', toGateway);
/** The tenant's gateways by site. */
export const listGateways = gateways.list;
/** One of the tenant's gateways, else null. */
export const findGateway = gateways.find;

export async function insertGateway(
  db: Queryable,
  tenantId: number,
  gateway: {
    name: string;
    location: string;
    snat: boolean;
    externalAddress?: string;
    state: 'creating' | 'active' | 'down';
  },
): Promise<number> {
  return insertedId(
    db,
    `insert into network_gateways (tenant_id, name, location, snat, external_address, state)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      tenantId,
      gateway.name,
      gateway.location,
      gateway.snat,
      gateway.externalAddress ?? '',
      gateway.state,
    ],
  );
}

export async function updateGateway(
  db: Queryable,
  tenantId: number,
  id: number,
  changes: { snat?: boolean; externalAddress?: string; state?: 'active' },
): Promise<void> {
  await db.query(
    `update network_gateways set snat = coalesce($3, snat),
            external_address = coalesce($4, external_address), state = coalesce($5, state)
      where tenant_id = $1 and id = $2`,
    [tenantId, id, changes.snat ?? null, changes.externalAddress ?? null, changes.state ?? null],
  );
}

/** What still uses a gateway: the networks behind it and the public addresses on it. */
export async function gatewayUsers(
  db: Queryable,
  tenantId: number,
  id: number,
): Promise<{ networks: string[]; addresses: number }> {
  const networks = await db.query<{ name: string }>(
    'select name from networks where tenant_id = $1 and gateway_id = $2 order by name, id',
    [tenantId, id],
  );
  const addresses = await db.query<{ n: number }>(
    'select count(*)::integer as n from public_addresses where tenant_id = $1 and gateway_id = $2',
    [tenantId, id],
  );
  return { networks: networks.map((row) => row.name), addresses: addresses[0]?.n ?? 0 };
}

export async function deleteGateway(db: Queryable, tenantId: number, id: number): Promise<void> {
  await db.query('delete from network_gateways where tenant_id = $1 and id = $2', [tenantId, id]);
}

// ---------------------------------------------------------------------------------------------
// Public addresses

export interface AddressRecord {
  id: number;
  address: string | null;
  globalIpaddressId: number | null;
  location: string;
  gatewayId: number;
  state: 'allocating' | 'allocated' | 'releasing';
  taskId: number | null;
  createdAt: Date;
}

interface AddressRow {
  id: number;
  address: string | null;
  global_ipaddress_id: number | null;
  location: string;
  gateway_id: number;
  state: 'allocating' | 'allocated';
  task_id: number | null;
  task_operation: string | null;
  created_at: Date;
}

const SELECT_ADDRESS = `
  select a.id, a.address, a.global_ipaddress_id::float8 as global_ipaddress_id, a.location,
         a.gateway_id, a.state, a.created_at, ${openTask('public_address', 'a')}
    from public_addresses a`;

const toAddress = (row: AddressRow): AddressRecord => ({
  id: row.id,
  address: row.address,
  globalIpaddressId: row.global_ipaddress_id,
  location: row.location,
  gatewayId: row.gateway_id,
  state: row.task_operation === 'release' ? 'releasing' : row.state,
  taskId: row.task_id,
  createdAt: row.created_at,
});

const addresses = tenantRows(SELECT_ADDRESS, 'a', 'a.id', toAddress);
/** The tenant's public addresses. */
export const listAddresses = addresses.list;
/** One of the tenant's public addresses, else null. */
export const findAddress = addresses.find;

export async function insertAddress(
  db: Queryable,
  tenantId: number,
  address: {
    location: string;
    gatewayId: number;
    state: 'allocating' | 'allocated';
    globalIpaddressId?: number;
    address?: string;
  },
): Promise<number> {
  return insertedId(
    db,
    `insert into public_addresses (tenant_id, location, gateway_id, state, global_ipaddress_id,
                                   address)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      tenantId,
      address.location,
      address.gatewayId,
      address.state,
      address.globalIpaddressId ?? null,
      address.address ?? null,
    ],
  );
}

export async function recordAllocation(
  db: Queryable,
  tenantId: number,
  id: number,
  facts: { globalIpaddressId: number; address: string },
): Promise<void> {
  await db.query(
    `update public_addresses set state = 'allocated', global_ipaddress_id = $3, address = $4
      where tenant_id = $1 and id = $2`,
    [tenantId, id, facts.globalIpaddressId, facts.address],
  );
}

export async function deleteAddress(db: Queryable, tenantId: number, id: number): Promise<void> {
  await db.query('delete from public_addresses where tenant_id = $1 and id = $2', [tenantId, id]);
}
