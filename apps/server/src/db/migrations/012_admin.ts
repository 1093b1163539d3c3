// Administration: the state of each user (invited, active, disabled), their last sign-in and
// second factor; the audit log's area and address, and indexes for reading it newest first with
// filters over hundreds of thousands of rows (keyset on (at, id)).
export const sql = /* sql */ `
alter table users
  add column state text not null default 'active' check (state in ('invited', 'active', 'disabled')),
  add column last_sign_in_at timestamptz,
  add column second_factor boolean not null default false;
create index users_role_id_idx on users (role_id);

alter table audit_log
  add column area text,
  add column address text;
drop index if exists audit_log_at_idx;
create index audit_log_at_id_idx on audit_log (at desc, id desc);
create index audit_log_actor_email_idx on audit_log (actor_email, at desc, id desc);
create index audit_log_actor_tenant_at_idx on audit_log (actor_tenant, at desc, id desc);
create index audit_log_acting_tenant_at_idx on audit_log (acting_tenant, at desc, id desc);
create index audit_log_area_idx on audit_log (area, at desc, id desc);
create index audit_log_action_idx on audit_log (action, at desc, id desc);
create index audit_log_result_idx on audit_log (result, at desc, id desc);
`;
