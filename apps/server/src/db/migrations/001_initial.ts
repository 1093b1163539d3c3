// Tenants, roles, users, the audit log and the server's own small key/value store.
export const sql = /* sql */ `
create table tenants (
  id serial primary key,
  cdb_id text not null unique,
  name text not null,
  kind text not null check (kind in ('provider', 'internal', 'poc', 'customer'))
);

create table roles (
  id serial primary key,
  name text not null unique,
  builtin boolean not null default false,
  permissions jsonb not null default '{}'::jsonb
);

create table users (
  id serial primary key,
  -- Stored lower-case, so that look-ups by e-mail ignore case and stay unique.
  email text not null unique check (email = lower(email)),
  tenant_id integer not null references tenants (id),
  role_id integer not null references roles (id),
  display_name text not null default '',
  created_at timestamptz not null default now()
);
create index users_tenant_id_idx on users (tenant_id);

create table audit_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  actor_email text,
  actor_tenant text,
  acting_tenant text,
  action text not null,
  target text,
  result text not null,
  detail jsonb not null default '{}'::jsonb
);
create index audit_log_at_idx on audit_log (at desc);
create index audit_log_acting_tenant_idx on audit_log (acting_tenant, at desc);

create table app_meta (
  key text primary key,
  value text not null
);
`;
