// Storage: the portal's block volumes, and the simulated platform's own record of them.
export const sql = /* sql */ `
create table volumes (
  id bigserial primary key,
  tenant_id integer not null references tenants (id),
  name text not null,
  size_gb integer not null check (size_gb > 0),
  type text not null check (type in ('standard', 'performance')),
  location text not null,
  -- The lifecycle; a ready volume is 'in-use' when attached_vm_id is set, else 'available'.
  state text not null check (state in ('creating', 'ready', 'extending', 'deleting', 'error')),
  -- A deleted VM detaches its volumes.
  attached_vm_id bigint references vms (id) on delete set null,
  -- The VM snapshot the volume was made from (ids kept after the VM or snapshot is gone).
  source_vm_id bigint,
  source_snapshot_id bigint,
  created_at timestamptz not null default now()
);
create index volumes_tenant_idx on volumes (tenant_id, id);
create index volumes_attached_idx on volumes (attached_vm_id) where attached_vm_id is not null;

create constraint trigger volumes_list_version after insert or update or delete on volumes
  deferrable initially deferred for each row execute function bump_list_version_of_row();
create trigger volumes_list_version_truncate after truncate on volumes
  for each statement execute function bump_every_list_version();

-- The simulated storage platform: the volumes it has built, named by the portal's ids.
create table sim_volume (
  volume_id bigint primary key,
  tenant_id integer not null,
  size_gb integer not null,
  type text not null,
  location text not null,
  attached_vm_id bigint,
  deleted boolean not null default false
);
create index sim_volume_attached_idx on sim_volume (attached_vm_id) where not deleted;
`;
