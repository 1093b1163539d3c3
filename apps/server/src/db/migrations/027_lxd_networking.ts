// The LXD networking driver's own tables (ADR 037). LXD has bridges and forwards but no notion of
// a gateway or of a public address held by a tenant before it is forwarded anywhere: which of the
// site's public addresses a gateway uses as its source-NAT address or a tenant holds, and each
// gateway's source NAT, are kept here. The bridges and forwards themselves are read from LXD.
export const sql = /* sql */ `
create table lxd_gateway (
  gateway_id bigint primary key,
  tenant_id bigint not null,
  location text not null,
  name text not null,
  external_address text not null,
  snat boolean not null
);

create table lxd_public_address (
  location text not null,
  address text not null,
  tenant_id bigint not null,
  gateway_id bigint not null,
  -- 'gateway': the gateway's own source-NAT address; 'allocated': held by the tenant for NAT.
  kind text not null check (kind in ('gateway', 'allocated')),
  primary key (location, address)
);
`;
