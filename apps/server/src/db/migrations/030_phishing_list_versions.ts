// The phishing campaign list is answered from the list reply cache (platform/list-cache.ts), so
// every row it reads bumps its tenant's list version when it changes, as 004 does for VMs:
// campaigns, groups and tenant templates carry their tenant; group members, campaign recipients
// and events find it through their parent.
export const sql = /* sql */ `
create function bump_list_version_of_group_member() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform bump_list_version((select tenant_id from phishing_groups where id = old.group_id));
  end if;
  if tg_op <> 'DELETE' then
    perform bump_list_version((select tenant_id from phishing_groups where id = new.group_id));
  end if;
  return null;
end $$;

create function bump_list_version_of_campaign_recipient() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform bump_list_version(
      (select tenant_id from phishing_campaigns where id = old.campaign_id));
  end if;
  if tg_op <> 'DELETE' then
    perform bump_list_version(
      (select tenant_id from phishing_campaigns where id = new.campaign_id));
  end if;
  return null;
end $$;

create function bump_list_version_of_phishing_event() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform bump_list_version((select c.tenant_id from phishing_campaign_recipients r
      join phishing_campaigns c on c.id = r.campaign_id where r.id = old.recipient_id));
  end if;
  if tg_op <> 'DELETE' then
    perform bump_list_version((select c.tenant_id from phishing_campaign_recipients r
      join phishing_campaigns c on c.id = r.campaign_id where r.id = new.recipient_id));
  end if;
  return null;
end $$;

create constraint trigger phishing_campaigns_list_version
  after insert or update or delete on phishing_campaigns
  deferrable initially deferred for each row execute function bump_list_version_of_row();
create constraint trigger phishing_groups_list_version
  after insert or update or delete on phishing_groups
  deferrable initially deferred for each row execute function bump_list_version_of_row();
create constraint trigger phishing_templates_list_version
  after insert or update or delete on phishing_templates
  deferrable initially deferred for each row execute function bump_list_version_of_row();
create constraint trigger phishing_group_recipients_list_version
  after insert or update or delete on phishing_group_recipients
  deferrable initially deferred for each row execute function bump_list_version_of_group_member();
create constraint trigger phishing_campaign_recipients_list_version
  after insert or update or delete on phishing_campaign_recipients
  deferrable initially deferred for each row
  execute function bump_list_version_of_campaign_recipient();
create constraint trigger phishing_events_list_version
  after insert or update or delete on phishing_events
  deferrable initially deferred for each row execute function bump_list_version_of_phishing_event();

create trigger phishing_campaigns_list_version_truncate after truncate on phishing_campaigns
  for each statement execute function bump_every_list_version();
create trigger phishing_groups_list_version_truncate after truncate on phishing_groups
  for each statement execute function bump_every_list_version();
create trigger phishing_templates_list_version_truncate after truncate on phishing_templates
  for each statement execute function bump_every_list_version();
create trigger phishing_group_recipients_list_version_truncate
  after truncate on phishing_group_recipients
  for each statement execute function bump_every_list_version();
create trigger phishing_campaign_recipients_list_version_truncate
  after truncate on phishing_campaign_recipients
  for each statement execute function bump_every_list_version();
create trigger phishing_events_list_version_truncate after truncate on phishing_events
  for each statement execute function bump_every_list_version();
`;
