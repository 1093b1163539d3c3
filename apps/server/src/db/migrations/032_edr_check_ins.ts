// When the portal last had a medr subscription's sensors check in. The background check-ins take
// the stalest first (every server instance sees the same marks), and a list read waits only for
// subscriptions never checked in.
export const sql = /* sql */ `
alter table edr_subscriptions add column checked_in_at timestamptz;
create index edr_subscriptions_check_in_idx on edr_subscriptions (checked_in_at nulls first, id)
  where kind = 'medr';
`;
