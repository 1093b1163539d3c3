// A per-tenant version of what the lists show, for the list reply cache (platform/list-cache.ts):
// bumped in the same transaction as any change of a row the list SQL reads, so a server that
// reads the version before the list knows whether a reply it keeps is still the answer.
//
// The bump runs at commit (deferred constraint triggers): the version row is locked only while
// the transaction commits, so writers of one tenant never wait on it holding other row locks
// (a bump at the statement would order every writer of a tenant behind the first and could
// deadlock two transactions that lock the same VM in opposite orders).
export const sql = /* sql */ `
create table list_versions (
  tenant_id integer primary key,
  version bigint not null
);

-- Once per tenant and transaction: the tenants already bumped are kept in a transaction-local
-- setting, so a statement that writes 10,000 rows upserts the version row once.
create function bump_list_version(tenant integer) returns void language plpgsql as $$
declare
  bumped text := coalesce(nullif(current_setting('portal.list_versions_bumped', true), ''), ',');
begin
  if tenant is null or position(',' || tenant || ',' in bumped) > 0 then
    return;
  end if;
  insert into list_versions (tenant_id, version) values (tenant, 1)
    on conflict (tenant_id) do update set version = list_versions.version + 1;
  perform set_config('portal.list_versions_bumped', bumped || tenant || ',', true);
end $$;

-- Rows that carry their tenant: vms, nats, firewall_rules, vwseries_services, dseries_items.
create function bump_list_version_of_row() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform bump_list_version(old.tenant_id);
  end if;
  if tg_op <> 'DELETE' then
    perform bump_list_version(new.tenant_id);
  end if;
  return null;
end $$;

-- Tasks: the VM list shows each VM's newest open task, so only a VM task opening, closing or
-- moving counts (not a lease renewal); the version bumped is the VM's tenant's.
create function bump_list_version_of_task() returns trigger language plpgsql as $$
declare
  was_open boolean := false;
  is_open boolean := false;
begin
  if tg_op <> 'INSERT' then
    was_open := old.kind = 'vm' and old.state in ('PENDING', 'RUNNING');
  end if;
  if tg_op <> 'DELETE' then
    is_open := new.kind = 'vm' and new.state in ('PENDING', 'RUNNING');
  end if;
  if was_open and is_open and old.target_id = new.target_id then
    return null;
  end if;
  if was_open then
    perform bump_list_version((select tenant_id from vms where id = old.target_id));
  end if;
  if is_open then
    perform bump_list_version((select tenant_id from vms where id = new.target_id));
  end if;
  return null;
end $$;

-- Tenants: the VM list shows the tenant's cdb_id.
create function bump_list_version_of_tenant() returns trigger language plpgsql as $$
begin
  perform bump_list_version(new.id);
  return null;
end $$;

-- A truncate fires no row trigger: every tenant's lists change.
create function bump_every_list_version() returns trigger language plpgsql as $$
begin
  insert into list_versions (tenant_id, version) select id, 1 from tenants
    on conflict (tenant_id) do update set version = list_versions.version + 1;
  return null;
end $$;

create constraint trigger vms_list_version after insert or update or delete on vms
  deferrable initially deferred for each row execute function bump_list_version_of_row();
create constraint trigger nats_list_version after insert or update or delete on nats
  deferrable initially deferred for each row execute function bump_list_version_of_row();
create constraint trigger firewall_rules_list_version
  after insert or update or delete on firewall_rules
  deferrable initially deferred for each row execute function bump_list_version_of_row();
create constraint trigger vwseries_services_list_version
  after insert or update or delete on vwseries_services
  deferrable initially deferred for each row execute function bump_list_version_of_row();
create constraint trigger dseries_items_list_version
  after insert or update or delete on dseries_items
  deferrable initially deferred for each row execute function bump_list_version_of_row();
create constraint trigger tasks_list_version after insert or update or delete on tasks
  deferrable initially deferred for each row execute function bump_list_version_of_task();
create constraint trigger tenants_list_version after update on tenants
  deferrable initially deferred for each row
  when (old.cdb_id is distinct from new.cdb_id)
  execute function bump_list_version_of_tenant();

create trigger vms_list_version_truncate after truncate on vms
  for each statement execute function bump_every_list_version();
create trigger nats_list_version_truncate after truncate on nats
  for each statement execute function bump_every_list_version();
create trigger firewall_rules_list_version_truncate after truncate on firewall_rules
  for each statement execute function bump_every_list_version();
create trigger vwseries_services_list_version_truncate after truncate on vwseries_services
  for each statement execute function bump_every_list_version();
create trigger dseries_items_list_version_truncate after truncate on dseries_items
  for each statement execute function bump_every_list_version();
create trigger tasks_list_version_truncate after truncate on tasks
  for each statement execute function bump_every_list_version();
`;
