// A VM's platform can change outside the portal (an instance deleted on the LXD host): the
// sentence saying so, shown on the VM; null while the platform and the portal agree.
export const sql = /* sql */ `
alter table vms add column platform_message text;
`;
