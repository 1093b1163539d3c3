// Endpoint security: managed EDR (medr) subscriptions with their hosts and detections, MSSP
// subscriptions over child medr subscriptions, and the simulated EDR platform's own state.
export const sql = /* sql */ `
create table edr_subscriptions (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  kind text not null check (kind in ('medr', 'mssp')),
  name text not null,
  state text not null default 'active' check (state in ('active', 'suspended')),
  policy_mode text not null default 'n-1' check (policy_mode in ('latest', 'n-1', 'n-2', 'pinned')),
  pinned_version text,
  uninstall_protection boolean not null default true,
  created_at timestamptz not null default now()
);
create index edr_subscriptions_tenant_idx on edr_subscriptions (tenant_id);

-- An mssp's children. delegated: the child lets the parent's users open its medr detail (as a
-- Falcon Flight Control child grants its parent access); without it the parent sees figures only.
create table edr_mssp_children (
  mssp_id integer not null references edr_subscriptions (id) on delete cascade,
  child_id integer not null references edr_subscriptions (id) on delete cascade,
  delegated boolean not null default false,
  primary key (mssp_id, child_id)
);
create index edr_mssp_children_child_idx on edr_mssp_children (child_id);

-- Sensor versions the platform has released (reported by the driver).
create table edr_sensor_releases (
  version text primary key,
  released_at timestamptz not null
);

create table edr_hosts (
  id bigserial primary key,
  subscription_id integer not null references edr_subscriptions (id) on delete cascade,
  tenant_id integer not null references tenants (id),
  ref text not null,
  hostname text not null,
  os text not null,
  kind text not null check (kind in ('vm', 'endpoint')),
  sensor_version text not null,
  last_seen timestamptz not null,
  online boolean not null,
  contained boolean not null default false,
  unique (subscription_id, ref)
);
create index edr_hosts_tenant_idx on edr_hosts (tenant_id);

create table edr_detections (
  id bigserial primary key,
  subscription_id integer not null references edr_subscriptions (id) on delete cascade,
  tenant_id integer not null references tenants (id),
  host_id bigint not null references edr_hosts (id) on delete cascade,
  ref text not null,
  severity text not null check (severity in ('critical', 'high', 'medium', 'low')),
  tactic text not null,
  technique text not null,
  description text not null,
  detected_at timestamptz not null,
  status text not null default 'new' check (status in ('new', 'in_progress', 'closed')),
  assignee text,
  unique (subscription_id, ref)
);
create index edr_detections_open_idx on edr_detections (subscription_id, status);

create table edr_detection_comments (
  id bigserial primary key,
  detection_id bigint not null references edr_detections (id) on delete cascade,
  tenant_id integer not null references tenants (id),
  author text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create index edr_detection_comments_idx on edr_detection_comments (detection_id);

-- The simulated EDR platform. Its references are the portal's subscription ids and VM ids (a real
-- platform has its own customer and host ids, mapped by its driver).
create table sim_edr_platform (
  id integer primary key check (id = 1),
  origin timestamptz not null
);
create table sim_edr_subscription (
  subscription_id integer primary key,
  tenant_id integer not null,
  observed_slot bigint not null
);
create table sim_edr_host (
  subscription_id integer not null,
  ref text not null,
  hostname text not null,
  os text not null,
  kind text not null,
  installed_version text not null,
  target_version text,
  target_since timestamptz,
  last_seen timestamptz not null,
  online boolean not null,
  contained boolean not null default false,
  primary key (subscription_id, ref)
);
`;
