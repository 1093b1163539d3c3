// Monitoring: monitors (each watches for one customer tenant), their check results, incidents,
// maintenance windows and the log of simulated alert deliveries; and the simulated monitoring
// platform's own record of the probes it runs (sim_monitor).
export const sql = /* sql */ `
create table monitors (
  id bigserial primary key,
  tenant_id integer not null references tenants (id),
  name text not null,
  type text not null check (type in ('http', 'tcp', 'ping', 'dns', 'tls')),
  target_kind text not null check (target_kind in ('vm', 'address', 'url')),
  -- A VM of the tenant (compute's id; no reference across areas), else null.
  vm_id bigint,
  -- The address or URL; for a VM, its name when the monitor was made.
  target text not null,
  port integer,
  expected_status integer,
  keyword text,
  dns_record_type text,
  tls_days_threshold integer,
  interval_seconds integer not null,
  timeout_seconds integer not null,
  retries integer not null,
  contacts jsonb not null default '[]'::jsonb,
  -- creating: the creation task has not ended; active: the platform runs its checks.
  status text not null default 'creating' check (status in ('creating', 'active')),
  state text not null default 'pending'
    check (state in ('up', 'down', 'degraded', 'paused', 'pending')),
  paused boolean not null default false,
  -- The checks up to this time are in; the next read asks the platform for those after it.
  checked_until timestamptz,
  fail_streak integer not null default 0,
  in_maintenance boolean not null default false,
  last_check_at timestamptz,
  last_response_ms integer,
  last_message text not null default '',
  -- The last response times (ms), oldest first, for the list's sparkline.
  response_times jsonb not null default '[]'::jsonb,
  uptime_24h double precision,
  uptime_7d double precision,
  uptime_30d double precision,
  created_at timestamptz not null default now()
);
create index monitors_tenant_idx on monitors (tenant_id, id);

create table monitor_results (
  id bigserial primary key,
  monitor_id bigint not null references monitors (id) on delete cascade,
  at timestamptz not null,
  ok boolean not null,
  state text not null,
  response_ms integer,
  message text not null,
  maintenance boolean not null default false
);
create index monitor_results_monitor_idx on monitor_results (monitor_id, at);

create table monitor_incidents (
  id bigserial primary key,
  monitor_id bigint not null references monitors (id) on delete cascade,
  started_at timestamptz not null,
  ended_at timestamptz,
  message text not null
);
create index monitor_incidents_monitor_idx on monitor_incidents (monitor_id, started_at);

create table monitor_maintenance (
  id bigserial primary key,
  monitor_id bigint not null references monitors (id) on delete cascade,
  name text not null,
  kind text not null check (kind in ('once', 'weekly')),
  starts_at timestamptz,
  ends_at timestamptz,
  days jsonb not null default '[]'::jsonb,
  start_time text,
  duration_minutes integer,
  created_at timestamptz not null default now()
);
create index monitor_maintenance_monitor_idx on monitor_maintenance (monitor_id);

create table monitor_alert_deliveries (
  id bigserial primary key,
  monitor_id bigint not null references monitors (id) on delete cascade,
  incident_id bigint not null references monitor_incidents (id) on delete cascade,
  event text not null check (event in ('down', 'up')),
  kind text not null,
  address text not null,
  at timestamptz not null,
  message text not null
);
create index monitor_alert_deliveries_monitor_idx on monitor_alert_deliveries (monitor_id, id);

-- The simulated platform: the probes it was asked to run, by the portal's monitor id.
create table sim_monitor (
  monitor_id bigint primary key,
  task_id bigint not null,
  started_at timestamptz not null,
  certificate_expires_at timestamptz
);
`;
