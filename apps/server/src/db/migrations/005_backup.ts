// Backup tenants: the portal's record of each (what the user asked for, and the summary the
// platform last reported), the quota alerts users set, and the simulated backup platform's own
// state (sim_backup_*): accounts, protected machines, jobs and restore points.
export const sql = /* sql */ `
create table backup_tenants (
  id bigserial primary key,
  uuid uuid not null unique,
  tenant_id integer not null references tenants (id) on delete cascade,
  name text not null,
  location text not null,
  repository text not null,
  product text not null,
  quota_gb integer not null,
  warning_percent integer not null,
  retention jsonb not null,
  state text not null default 'creating',
  agent_account text not null unique,
  -- Only the hash of the agent's secret: the secret itself is shown once, at creation.
  agent_secret_hash text not null,
  used_gb numeric(12, 1) not null default 0,
  protected_machines integer not null default 0,
  -- The protected machines as the platform last reported them (name, os, size_gb, last_backup_at).
  machines jsonb not null default '[]'::jsonb,
  restore_points integer not null default 0,
  last_job jsonb,
  next_job_at timestamptz,
  created_at timestamptz not null default now()
);
create index backup_tenants_tenant_idx on backup_tenants (tenant_id, name, id);
create index backup_tenants_due_idx on backup_tenants (tenant_id, next_job_at);

-- Thresholds a user set on a backup tenant's usage; triggered_at records when usage reached one,
-- and each firing is also written to the audit log for the provider.
create table backup_quota_alerts (
  id bigserial primary key,
  backup_id bigint not null references backup_tenants (id) on delete cascade,
  tenant_id integer not null,
  kind text not null,
  value numeric(12, 1) not null,
  triggered_at timestamptz
);
create index backup_quota_alerts_backup_idx on backup_quota_alerts (backup_id, id);

create constraint trigger backup_tenants_list_version
  after insert or update or delete on backup_tenants
  deferrable initially deferred for each row execute function bump_list_version_of_row();
create constraint trigger backup_quota_alerts_list_version
  after insert or update or delete on backup_quota_alerts
  deferrable initially deferred for each row execute function bump_list_version_of_row();
create trigger backup_tenants_list_version_truncate after truncate on backup_tenants
  for each statement execute function bump_every_list_version();
create trigger backup_quota_alerts_list_version_truncate after truncate on backup_quota_alerts
  for each statement execute function bump_every_list_version();

-- The simulated backup platform. Its references are the portal's ids.
create table sim_backup_account (
  backup_id bigint primary key,
  tenant_id integer not null,
  name text not null,
  product text not null,
  location text not null,
  quota_gb integer not null,
  retention jsonb not null,
  enabled boolean not null default true,
  deleted boolean not null default false,
  created_at timestamptz not null,
  -- The schedule's jobs up to this one were run (lazily, when asked).
  scheduled_done integer not null default 0
);
create index sim_backup_account_tenant_idx on sim_backup_account (tenant_id, name);
-- What each tenant may allocate in backup quotas altogether, where it differs from the default.
create table sim_backup_allowance (
  tenant_id integer primary key,
  gb integer not null
);
create table sim_backup_machine (
  backup_id bigint not null,
  name text not null,
  os text not null,
  size_gb numeric(12, 1) not null,
  primary key (backup_id, name)
);
create table sim_backup_job (
  backup_id bigint not null,
  seq integer not null,
  trigger text not null,
  task_id bigint unique,
  started_at timestamptz not null,
  finished_at timestamptz not null,
  result text not null,
  message text not null,
  transferred_gb numeric(12, 1) not null,
  used_gb numeric(12, 1) not null,
  -- Refused on the hard quota, and the quota it was refused on.
  over_quota boolean not null default false,
  quota_gb integer not null,
  primary key (backup_id, seq)
);
create table sim_backup_point (
  id bigserial primary key,
  backup_id bigint not null,
  job_seq integer not null,
  created_at timestamptz not null,
  kind text not null,
  size_gb numeric(12, 1) not null,
  machines integer not null
);
create index sim_backup_point_backup_idx on sim_backup_point (backup_id, created_at desc, id);
`;
