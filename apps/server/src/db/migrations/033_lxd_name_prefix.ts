// The prefix of the names this installation gives LXD objects that are found by name alone: tenant
// projects and firewall ACLs (ADR 045). A new installation's names carry its id, so two portals on
// one LXD never share a project; one that has already used LXD (a row in any LXD table) keeps
// `portal-`, the names its projects already have.
export const sql = /* sql */ `
insert into app_meta (key, value)
select 'lxd-name-prefix',
       case
         when exists (select 1 from lxd_instance)
           or exists (select 1 from lxd_applied_tasks)
           or exists (select 1 from lxd_gateway)
           or exists (select 1 from lxd_public_address)
         then 'portal-'
         else 'portal-' || (select value from app_meta where key = 'installation') || '-'
       end
on conflict (key) do nothing;
`;
