// The real phishing mail platform's own state (drivers/mail/): campaigns it sends, each with a
// random public key for its links, and each recipient's message: when it is due, when it went,
// the SHA-256 of its link token (the token itself is only ever in the e-mail), and what the
// recipient did. A landing form's values are never stored: only that a submission happened.
export const sql = /* sql */ `
create table mail_phishing_campaign (
  campaign_id integer primary key,
  tenant_id integer not null,
  public_key text not null unique,
  start_at timestamptz not null,
  send_by timestamptz,
  ended_at timestamptz,
  sender text not null,
  subject text not null,
  html text not null,
  landing_html text not null
);
create table mail_phishing_recipient (
  campaign_id integer not null references mail_phishing_campaign (campaign_id),
  email text not null,
  first_name text not null default '',
  last_name text not null default '',
  send_at timestamptz not null,
  -- A sender instance's claim while it hands the message to the relay.
  claimed_until timestamptz,
  attempts integer not null default 0,
  last_error text,
  sent_at timestamptz,
  failed_at timestamptz,
  token_hash bytea unique,
  opened_at timestamptz,
  clicked_at timestamptz,
  submitted_at timestamptz,
  reported_at timestamptz,
  primary key (campaign_id, email)
);
create index mail_phishing_recipient_due_idx on mail_phishing_recipient (send_at)
  where sent_at is null and failed_at is null;
`;
