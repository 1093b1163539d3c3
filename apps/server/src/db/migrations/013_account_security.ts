// A tenant-wide policy of ours: the built-in administrator can require every user of a tenant to
// sign in with a second factor; the server then refuses their tokens without one.
export const sql = /* sql */ `
alter table tenants add column require_second_factor boolean not null default false;
`;
