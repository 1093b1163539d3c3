// One portal installation, one id (app_meta `installation`): made at random when the database is
// created and never changed. Objects the portal makes on a shared backend (LXD instances,
// volumes, forwards) carry it, so two portals on one LXD — or a test database and the one before
// it — never take each other's objects for their own, even when their numeric ids are the same.
export const sql = /* sql */ `
insert into app_meta (key, value)
values ('installation', substr(md5(gen_random_uuid()::text), 1, 10))
on conflict (key) do nothing;
`;
