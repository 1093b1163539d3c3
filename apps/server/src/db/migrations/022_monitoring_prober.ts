// Monitoring's real prober (areas/monitoring/drivers/real, ADR 033): the probes it runs, each with
// its next due time (claimed with `for update skip locked`, so that among server instances one
// runs each check, and the next due time of a dead instance's probe is anyone's), and the checks
// it ran until the monitoring area has read them. A check is one row per probe and due time.
export const sql = /* sql */ `
create table prober_probes (
  monitor_id bigint primary key,
  task_id bigint not null,
  -- The monitor's settings as the prober checks them (ProbeSpec).
  spec jsonb not null,
  interval_seconds integer not null,
  started_at timestamptz not null,
  next_at timestamptz not null,
  paused boolean not null default false
);
create index prober_probes_due_idx on prober_probes (next_at) where not paused;

create table prober_checks (
  monitor_id bigint not null,
  due_at timestamptz not null,
  at timestamptz not null,
  ok boolean not null,
  warning boolean not null,
  response_ms integer,
  message text not null,
  -- The server instance that ran it.
  checked_by text not null,
  primary key (monitor_id, due_at)
);
create index prober_checks_read_idx on prober_checks (monitor_id, at);
`;
