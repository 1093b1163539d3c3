// Compute: VMs (eseries and vwseries), their snapshots, NAT entries and firewall rules; the task
// queue; dseries items; console tickets; and the simulator driver's record of applied tasks.
// The creation catalogue is static, in the driver (drivers/simulator/catalogue.ts).
export const sql = /* sql */ `
create table vwseries_services (
  id serial primary key,
  serviceid text not null unique check (serviceid ~ '^\\w{3}\\d{6}$'),
  tenant_id integer not null references tenants (id),
  name text not null,
  plan text not null,
  location text not null,
  vcpu_limit integer not null,
  memory_gb_limit integer not null,
  disk_gb_limit integer not null,
  -- { policy, retention_days, last_backup_at, last_result }, as the platform last reported it.
  backup jsonb not null default '{}'::jsonb,
  refreshed_at timestamptz,
  created_at timestamptz not null default now()
);
create index vwseries_services_tenant_idx on vwseries_services (tenant_id);

create table vms (
  id bigserial primary key,
  tenant_id integer not null references tenants (id),
  -- null: an eseries VM; else the vwseries service it belongs to.
  vwseries_id integer references vwseries_services (id),
  display_name text not null,
  status text not null check (status in ('trial', 'active', 'error')),
  power_state text not null check (power_state in ('poweredOn', 'poweredOff', 'suspended')),
  os_name text not null,
  os_version text not null,
  os_guest_full_name text not null,
  vcpus integer not null check (vcpus > 0),
  memory_mb integer not null check (memory_mb > 0),
  disk_size_gb integer not null check (disk_size_gb > 0),
  plan_id text not null,
  location text not null,
  cluster text not null,
  -- [{ portgroup, vlan_id, ip }]
  adapters jsonb not null default '[]'::jsonb,
  -- { cdrom_number, media_key, name } or null
  boot_cdrom jsonb,
  vsnap boolean not null default false,
  monitoring boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index vms_tenant_idx on vms (tenant_id, vwseries_id, id);

create table snapshots (
  id bigserial primary key,
  tenant_id integer not null references tenants (id),
  vm_id bigint not null references vms (id) on delete cascade,
  parent_id bigint references snapshots (id) on delete set null,
  name text not null,
  description text not null default '',
  power_state text not null check (power_state in ('poweredOn', 'poweredOff', 'suspended')),
  quiesced boolean not null default false,
  is_current boolean not null default false,
  created_at timestamptz not null default now()
);
create index snapshots_vm_idx on snapshots (vm_id, id);
create unique index snapshots_one_current_idx on snapshots (vm_id) where is_current;

create sequence global_ipaddress_seq;

create table nats (
  id bigserial primary key,
  tenant_id integer not null references tenants (id),
  vm_id bigint not null references vms (id) on delete cascade,
  gateway_id integer not null,
  global_ipaddress_id bigint not null,
  global_ipaddress text not null,
  status text not null check (status in ('active', 'cancelled')),
  task_id bigint,
  created_at timestamptz not null default now()
);
create index nats_vm_idx on nats (vm_id, id);

create table firewall_rules (
  id bigserial primary key,
  tenant_id integer not null references tenants (id),
  vm_id bigint not null references vms (id) on delete cascade,
  direction text not null check (direction in ('ingress', 'egress')),
  protocol text not null check (protocol in ('tcp', 'udp', 'icmp', 'any')),
  ports text,
  source text not null,
  destination text not null,
  action text not null check (action in ('allow', 'deny')),
  description text not null default '',
  created_at timestamptz not null default now()
);
create index firewall_rules_vm_idx on firewall_rules (vm_id, id);

-- The durable task queue (src/tasks): claimed with FOR UPDATE SKIP LOCKED under a lease.
create table tasks (
  id bigserial primary key,
  tenant_id integer not null references tenants (id),
  -- What the task works on: kind 'vm' (target a vms.id) or 'vwseries' (a vwseries_services.id).
  kind text not null,
  target_id bigint not null,
  operation text not null,
  state text not null default 'PENDING'
    check (state in ('PENDING', 'RUNNING', 'SUCCESS', 'FAILURE')),
  message text not null default '',
  payload jsonb not null default '{}'::jsonb,
  attempts integer not null default 0,
  lease_owner text,
  lease_until timestamptz,
  created_by text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index tasks_open_idx on tasks (id) where state in ('PENDING', 'RUNNING');
create index tasks_open_target_idx on tasks (kind, target_id, id)
  where state in ('PENDING', 'RUNNING');
create index tasks_tenant_idx on tasks (tenant_id, id);

create table dseries_items (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  name text not null,
  model text not null,
  cpu_cores integer not null,
  memory_gb integer not null,
  storage text not null,
  location text not null,
  status text not null check (status in ('running', 'stopped', 'maintenance')),
  ip text,
  created_at timestamptz not null default now()
);
create index dseries_items_tenant_idx on dseries_items (tenant_id, id);

-- Single-use console tickets; only a hash of the ticket is kept.
create table console_tickets (
  ticket_hash text primary key,
  tenant_id integer not null references tenants (id),
  vm_id bigint not null references vms (id) on delete cascade,
  created_by text,
  expires_at timestamptz not null,
  used_at timestamptz
);

-- The simulator's "platform side": which tasks it has applied, so that a task resumed after a
-- crash is not applied twice.
create table simulator_applied_tasks (
  task_id bigint primary key,
  message text not null,
  applied_at timestamptz not null default now()
);
`;
