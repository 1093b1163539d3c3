// A volume's platform can change outside the portal (a custom volume deleted on the LXD host): the
// sentence saying so, shown on the volume; null while the platform and the portal agree.
export const sql = /* sql */ `
alter table volumes add column platform_message text;
`;
