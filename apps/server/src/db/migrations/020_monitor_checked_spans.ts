// Monitoring: the time a monitor's checks cover, as merged [start, end] spans in epoch
// milliseconds. An SLA counts only this time: before the first check and while paused there is no
// data, which is never up. Monitors checked before this migration are taken as checked from their
// creation to their last check (what the SLA assumed until now).
export const sql = /* sql */ `
alter table monitors add column checked_spans jsonb not null default '[]'::jsonb;
update monitors
   set checked_spans = jsonb_build_array(jsonb_build_array(
         floor(extract(epoch from created_at) * 1000),
         floor(extract(epoch from last_check_at) * 1000)))
 where last_check_at is not null and last_check_at > created_at;
`;
