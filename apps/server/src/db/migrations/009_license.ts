// Licences: the subscriptions a tenant has contracted (product, seats, term, renewal) and the
// seats its people pinned to a machine. Seats in use are not stored: they are counted from what
// the tenant runs (platform/seats.ts) each time they are asked for.
export const sql = /* sql */ `
create table license_subscriptions (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  product text not null check (product in ('windows-server-datacenter', 'sql-server-standard',
                                           'rhel', 'backup-agent', 'endpoint-security')),
  -- The provider's contract reference, e.g. LIC-100001-01.
  reference text not null,
  seats integer not null check (seats >= 0),
  -- The contracted term: first and last day, inclusive (UTC).
  term_start date not null,
  term_end date not null check (term_end >= term_start),
  auto_renew boolean not null default false,
  created_at timestamptz not null default now()
);
create index license_subscriptions_tenant_idx on license_subscriptions (tenant_id, id);

-- A seat pinned to a holder (a VM, a protected machine, a host) by the tenant's people; holders
-- without a pin take a free seat automatically. One pin per holder and product.
create table license_assignments (
  id bigserial primary key,
  tenant_id integer not null references tenants (id),
  subscription_id integer not null references license_subscriptions (id) on delete cascade,
  product text not null,
  holder_kind text not null check (holder_kind in ('vm', 'machine', 'host')),
  holder_id text not null,
  assigned_by text,
  assigned_at timestamptz not null default now()
);
create unique index license_assignments_holder_idx
  on license_assignments (tenant_id, product, holder_kind, holder_id);
create index license_assignments_subscription_idx on license_assignments (subscription_id);
`;
