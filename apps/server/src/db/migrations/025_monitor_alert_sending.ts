// Monitoring alerts really sent (ADR 033): each delivery's status (simulated for simulated
// checks; pending, sent or failed for real ones), every attempt with its outcome, when the next
// attempt is due and which instance holds it, and what is sent. A monitor's webhook signing
// secret is kept apart and never read back by any route: it is shown once, at creation.
export const sql = /* sql */ `
alter table monitor_alert_deliveries
  add column status text not null default 'simulated'
    check (status in ('simulated', 'pending', 'sent', 'failed')),
  add column attempts jsonb not null default '[]'::jsonb,
  add column next_attempt_at timestamptz,
  add column claimed_until timestamptz,
  add column payload jsonb;
create index monitor_alert_deliveries_due_idx on monitor_alert_deliveries (next_attempt_at)
  where status = 'pending';

create table monitor_webhook_secrets (
  monitor_id bigint primary key references monitors (id) on delete cascade,
  secret text not null
);
`;
