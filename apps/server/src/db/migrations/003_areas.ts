// The area platform: tasks say which area and operation they are and what they work on (for the
// task centre); the simulated platform keeps its own state in sim_* tables and reports facts that
// the task definitions apply to the portal's tables.

/**
 * Copies what the portal's tables record into the simulator's tables, for VMs the simulator has
 * not seen (those built before it kept its own state, and the demo data). Idempotent.
 */
export const ADOPT_INTO_SIMULATOR = /* sql */ `
insert into sim_vm (vm_id, tenant_id, display_name, status, power_state, vcpus, memory_mb, plan_id,
                    location, adapters, boot_cdrom)
select id, tenant_id, display_name, status, power_state, vcpus, memory_mb, plan_id, location,
       adapters, boot_cdrom
  from vms on conflict (vm_id) do nothing;
insert into sim_power_event (vm_id, power_state, at)
select id, power_state, created_at from vms v
 where not exists (select 1 from sim_power_event e where e.vm_id = v.id);
insert into sim_snapshot (id, vm_id, parent_id, name, description, power_state, quiesced, is_current)
select id, vm_id, parent_id, name, description, power_state, quiesced, is_current
  from snapshots on conflict (id) do nothing;
insert into sim_nat (global_ipaddress_id, vm_id, gateway_id, global_ipaddress, status)
select global_ipaddress_id, vm_id, gateway_id, global_ipaddress, status
  from nats on conflict (global_ipaddress_id) do nothing;
insert into sim_firewall_rule (id, vm_id, direction, protocol, ports, source, destination, action)
select id, vm_id, direction, protocol, ports, source, destination, action
  from firewall_rules on conflict (id) do nothing;
`;

export const sql = /* sql */ `
alter table tasks add column area text;
alter table tasks add column label text;
alter table tasks add column target_name text;

-- The simulated platform's own state. Its references are the portal's ids (a real platform would
-- have its own, mapped by its driver); nothing here points at the portal's tables.
create table sim_vm (
  vm_id bigint primary key,
  tenant_id integer not null,
  display_name text not null,
  status text not null,
  power_state text not null,
  vcpus integer not null,
  memory_mb integer not null,
  plan_id text not null,
  location text not null,
  adapters jsonb not null default '[]'::jsonb,
  boot_cdrom jsonb,
  deleted boolean not null default false
);
-- When each VM changed power state, for metrics that are flat while it is off.
create table sim_power_event (
  id bigserial primary key,
  vm_id bigint not null,
  power_state text not null,
  at timestamptz not null default now()
);
create index sim_power_event_vm_idx on sim_power_event (vm_id, at);
create table sim_snapshot (
  id bigint primary key,
  vm_id bigint not null,
  parent_id bigint,
  name text not null,
  description text not null default '',
  power_state text not null,
  quiesced boolean not null default false,
  is_current boolean not null default false
);
create index sim_snapshot_vm_idx on sim_snapshot (vm_id, id);
create table sim_nat (
  global_ipaddress_id bigint primary key,
  vm_id bigint not null,
  gateway_id integer not null,
  global_ipaddress text not null,
  status text not null
);
create table sim_firewall_rule (
  id bigint primary key,
  vm_id bigint not null,
  direction text not null,
  protocol text not null,
  ports text,
  source text not null,
  destination text not null,
  action text not null
);
-- What the simulator reported for each task it applied, so a re-run reports the same facts.
alter table simulator_applied_tasks add column facts jsonb;
${ADOPT_INTO_SIMULATOR}
`;
