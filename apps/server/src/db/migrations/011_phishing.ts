// Phishing prevention: templates and landing pages (built-in ones have no tenant), recipient
// groups, campaigns with their recipients and what each did; and the simulated mail platform's
// own state (sim_phishing_*), from which recipients' behaviour is computed.
export const sql = /* sql */ `
create table phishing_templates (
  id serial primary key,
  tenant_id integer references tenants (id),
  kind text not null check (kind in ('email', 'landing')),
  name text not null,
  subject text not null default '',
  content text not null,
  created_at timestamptz not null default now()
);
create index phishing_templates_tenant_idx on phishing_templates (tenant_id);

create table phishing_groups (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  name text not null,
  created_at timestamptz not null default now()
);
create index phishing_groups_tenant_idx on phishing_groups (tenant_id);
create table phishing_group_recipients (
  group_id integer not null references phishing_groups (id) on delete cascade,
  email text not null,
  first_name text not null default '',
  last_name text not null default '',
  department text not null default '',
  primary key (group_id, email)
);

create table phishing_campaigns (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  name text not null,
  template_id integer not null references phishing_templates (id),
  landing_page_id integer not null references phishing_templates (id),
  group_id integer not null references phishing_groups (id),
  launch_at timestamptz,
  send_by timestamptz,
  state text not null default 'draft'
    check (state in ('draft', 'scheduled', 'running', 'finished')),
  launched_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz not null default now()
);
create index phishing_campaigns_tenant_idx on phishing_campaigns (tenant_id, id);
create table phishing_campaign_recipients (
  id bigserial primary key,
  campaign_id integer not null references phishing_campaigns (id) on delete cascade,
  email text not null,
  first_name text not null default '',
  last_name text not null default '',
  department text not null default '',
  unique (campaign_id, email)
);
create table phishing_events (
  recipient_id bigint not null references phishing_campaign_recipients (id) on delete cascade,
  kind text not null check (kind in ('sent', 'opened', 'clicked', 'submitted', 'reported')),
  at timestamptz not null,
  primary key (recipient_id, kind)
);

-- The simulated mail platform: what it was asked to send, and when. Behaviour is computed from
-- these and the clock, so nothing is lost on a restart.
create table sim_phishing_campaign (
  campaign_id integer primary key,
  tenant_id integer not null,
  start_at timestamptz not null,
  send_by timestamptz,
  ended_at timestamptz
);
create table sim_phishing_recipient (
  campaign_id integer not null,
  email text not null,
  -- Sending order among those queued together, and when they were queued.
  position integer not null,
  batch_size integer not null,
  queued_at timestamptz not null,
  batch_send_by timestamptz,
  primary key (campaign_id, email)
);

insert into phishing_templates (tenant_id, kind, name, subject, content) values
(null, 'email', 'Password expiry notice', 'Your password expires today',
 '<p>Hello {{first_name}},</p><p>Your mailbox password expires today. Keep your current password by confirming it below.</p><p><a href="{{link}}">Keep my password</a></p><p>IT Service Desk</p>'),
(null, 'email', 'Shared document', '{{sender}} shared "Q3 budget.xlsx" with you',
 '<p>A document has been shared with you.</p><p><strong>Q3 budget.xlsx</strong></p><p><a href="{{link}}">Open in browser</a></p>'),
(null, 'email', 'Parcel held at depot', 'Delivery attempt failed: action needed',
 '<p>We could not deliver your parcel. Pay the 1.99 EUR redelivery fee to book a new slot.</p><p><a href="{{link}}">Book redelivery</a></p>'),
(null, 'landing', 'Sign-in page', '',
 '<h1>Sign in</h1><form><label>E-mail <input name="email"></label><label>Password <input name="password" type="password"></label><button>Sign in</button></form>'),
(null, 'landing', 'Training: you clicked a simulated phishing link', '',
 '<h1>This was a phishing simulation</h1><p>No harm done. Look for these signs next time: an unexpected request, urgency, and a link whose address does not match the sender.</p>');
`;
