// The LXD compute driver's own tables: which LXD instance serves each portal VM (LXD's config keys
// user.portal.vm-id are the truth to recover from), the portal's names of its snapshots, and the
// facts of tasks it carried out (a resumed task answers them again).
export const sql = /* sql */ `
create table lxd_instance (
  vm_id bigint primary key,
  tenant_id bigint not null,
  project text not null,
  name text not null,
  plan_id text not null,
  unique (project, name)
);

create table lxd_snapshot (
  vm_id bigint not null,
  snapshot_id bigint not null,
  name text not null,
  description text not null,
  power_state text not null,
  primary key (vm_id, snapshot_id)
);

create table lxd_applied_tasks (
  task_id bigint primary key,
  facts jsonb not null,
  applied_at timestamptz not null default now()
);
`;
