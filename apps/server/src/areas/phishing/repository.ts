// The phishing area's SQL, always scoped by tenant. Built-in templates have no tenant and are
// everyone's to read.
import type {
  CampaignState,
  PhishingCampaign,
  PhishingGroup,
  PhishingRecipient,
  PhishingResults,
  PhishingStats,
  PhishingTemplate,
  TemplateKind,
} from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import { isoText } from '../../platform/paging.ts';
import type { ActivityEvent } from './driver.ts';

const TEMPLATE_FIELDS = `t.id, t.kind, t.name, t.subject, t.content, t.tenant_id is null as builtin,
  ${isoText('t.created_at')} as created_at`;

export const listTemplates = (db: Queryable, tenantId: number) =>
  db.query<PhishingTemplate>(
    `select ${TEMPLATE_FIELDS} from phishing_templates t
      where t.tenant_id = $1 or t.tenant_id is null order by t.kind, t.tenant_id nulls first, t.id`,
    [tenantId],
  );

/** The template (built-in or the tenant's own), optionally of one kind, else null. */
export async function findTemplate(
  db: Queryable,
  tenantId: number,
  id: number,
): Promise<PhishingTemplate | null> {
  const rows = await db.query<PhishingTemplate>(
    `select ${TEMPLATE_FIELDS} from phishing_templates t
      where t.id = $2 and (t.tenant_id = $1 or t.tenant_id is null)`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

export async function insertTemplate(
  db: Queryable,
  tenantId: number,
  template: { kind: TemplateKind; name: string; subject: string; content: string },
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into phishing_templates (tenant_id, kind, name, subject, content)
     values ($1, $2, $3, $4, $5) returning id`,
    [tenantId, template.kind, template.name, template.subject, template.content],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into phishing_templates returned no row');
  return row.id;
}

const GROUP_FIELDS = `g.id, g.name,
  (select count(*) from phishing_group_recipients r where r.group_id = g.id)::integer
    as recipient_count,
  ${isoText('g.created_at')} as created_at`;

export const listGroups = (db: Queryable, tenantId: number) =>
  db.query<PhishingGroup>(
    `select ${GROUP_FIELDS} from phishing_groups g where g.tenant_id = $1 order by g.name, g.id`,
    [tenantId],
  );

export async function findGroup(
  db: Queryable,
  tenantId: number,
  id: number,
): Promise<PhishingGroup | null> {
  const rows = await db.query<PhishingGroup>(
    `select ${GROUP_FIELDS} from phishing_groups g where g.tenant_id = $1 and g.id = $2`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

export const groupRecipients = (db: Queryable, groupId: number) =>
  db.query<PhishingRecipient>(
    `select email, first_name, last_name, department from phishing_group_recipients
      where group_id = $1 order by email`,
    [groupId],
  );

export async function insertGroup(
  db: Queryable,
  tenantId: number,
  name: string,
  recipients: readonly PhishingRecipient[],
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    'insert into phishing_groups (tenant_id, name) values ($1, $2) returning id',
    [tenantId, name],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into phishing_groups returned no row');
  await db.query(
    `insert into phishing_group_recipients (group_id, email, first_name, last_name, department)
     select $1, r.email, r.first_name, r.last_name, r.department
       from json_to_recordset($2::json)
         as r(email text, first_name text, last_name text, department text)
     on conflict do nothing`,
    [row.id, JSON.stringify(recipients)],
  );
  return row.id;
}

const CAMPAIGN_FIELDS = `c.id, c.name, c.state,
  json_build_object('id', t.id, 'name', t.name) as template,
  json_build_object('id', l.id, 'name', l.name) as landing_page,
  json_build_object('id', g.id, 'name', g.name) as "group",
  ${isoText('c.launch_at')} as launch_at, ${isoText('c.send_by')} as send_by,
  ${isoText('c.launched_at')} as launched_at, ${isoText('c.ended_at')} as ended_at,
  ${isoText('c.created_at')} as created_at,
  json_build_object(
    'recipients', (case when c.state = 'draft'
      then (select count(*) from phishing_group_recipients gr where gr.group_id = g.id)
      else (select count(*) from phishing_campaign_recipients r where r.campaign_id = c.id) end),
    'sent', ev.sent, 'opened', ev.opened, 'clicked', ev.clicked,
    'submitted', ev.submitted, 'reported', ev.reported) as counts`;

/** A campaign's (`c`) events counted by kind (`ev.sent`, …) in one pass over them. */
const EVENT_COUNTS = `cross join lateral (
    select count(*) filter (where e.kind = 'sent')::integer as sent,
           count(*) filter (where e.kind = 'opened')::integer as opened,
           count(*) filter (where e.kind = 'clicked')::integer as clicked,
           count(*) filter (where e.kind = 'submitted')::integer as submitted,
           count(*) filter (where e.kind = 'reported')::integer as reported
      from phishing_campaign_recipients r join phishing_events e on e.recipient_id = r.id
     where r.campaign_id = c.id) ev`;

const CAMPAIGN_FROM = `phishing_campaigns c
  join phishing_templates t on t.id = c.template_id
  join phishing_templates l on l.id = c.landing_page_id
  join phishing_groups g on g.id = c.group_id
  ${EVENT_COUNTS}`;

/** The tenant's campaigns, newest first. */
export const listCampaigns = (db: Queryable, tenantId: number) =>
  db.query<PhishingCampaign>(
    `select ${CAMPAIGN_FIELDS} from ${CAMPAIGN_FROM} where c.tenant_id = $1 order by c.id desc`,
    [tenantId],
  );

export async function findCampaign(
  db: Queryable,
  tenantId: number,
  id: number,
): Promise<PhishingCampaign | null> {
  const rows = await db.query<PhishingCampaign>(
    `select ${CAMPAIGN_FIELDS} from ${CAMPAIGN_FROM} where c.tenant_id = $1 and c.id = $2`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

/** What a campaign operation checks, with the campaign's row locked for the transaction. */
export interface CampaignRow {
  id: number;
  tenant_id: number;
  name: string;
  state: CampaignState;
  group_id: number;
  launch_at: Date | null;
  send_by: Date | null;
}

export async function lockCampaign(
  db: Queryable,
  tenantId: number,
  id: number,
  lock = true,
): Promise<CampaignRow | null> {
  const rows = await db.query<CampaignRow>(
    `select id, tenant_id, name, state, group_id, launch_at, send_by from phishing_campaigns
      where tenant_id = $1 and id = $2${lock ? ' for update' : ''}`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

/** What the campaign's messages are made from: its template's subject and HTML, its landing page. */
export async function campaignMessage(
  db: Queryable,
  campaignId: number,
): Promise<{ subject: string; html: string; landingHtml: string } | null> {
  const rows = await db.query<{ subject: string; html: string; landing_html: string }>(
    `select t.subject, t.content as html, l.content as landing_html
       from phishing_campaigns c
       join phishing_templates t on t.id = c.template_id
       join phishing_templates l on l.id = c.landing_page_id
      where c.id = $1`,
    [campaignId],
  );
  const row = rows[0];
  return row ? { subject: row.subject, html: row.html, landingHtml: row.landing_html } : null;
}

export async function insertCampaign(
  db: Queryable,
  tenantId: number,
  campaign: {
    name: string;
    templateId: number;
    landingPageId: number;
    groupId: number;
    launchAt: string | null;
    sendBy: string | null;
  },
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into phishing_campaigns (tenant_id, name, template_id, landing_page_id, group_id,
                                     launch_at, send_by)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      tenantId,
      campaign.name,
      campaign.templateId,
      campaign.landingPageId,
      campaign.groupId,
      campaign.launchAt,
      campaign.sendBy,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into phishing_campaigns returned no row');
  return row.id;
}

/** The campaigns whose results may still change (scheduled or running). */
export const activeCampaignIds = async (db: Queryable, tenantId: number, id?: number) =>
  (
    await db.query<{ id: number }>(
      `select id from phishing_campaigns where tenant_id = $1
          and state in ('scheduled', 'running') and ($2::integer is null or id = $2)`,
      [tenantId, id ?? null],
    )
  ).map((row) => row.id);

/** Launched: the group's members become the campaign's recipients. */
export async function recordLaunch(
  db: Queryable,
  campaign: CampaignRow,
  startAt: string,
): Promise<void> {
  await db.query(
    `insert into phishing_campaign_recipients (campaign_id, email, first_name, last_name, department)
     select $1, email, first_name, last_name, department from phishing_group_recipients
      where group_id = $2 on conflict (campaign_id, email) do nothing`,
    [campaign.id, campaign.group_id],
  );
  await db.query(
    `update phishing_campaigns set launched_at = $2,
            state = case when $2::timestamptz > now() then 'scheduled' else 'running' end
      where id = $1`,
    [campaign.id, startAt],
  );
}

export async function addCampaignRecipients(
  db: Queryable,
  campaignId: number,
  recipients: readonly PhishingRecipient[],
): Promise<void> {
  await db.query(
    `insert into phishing_campaign_recipients (campaign_id, email, first_name, last_name, department)
     select $1, r.email, r.first_name, r.last_name, r.department
       from json_to_recordset($2::json)
         as r(email text, first_name text, last_name text, department text)
     on conflict (campaign_id, email) do nothing`,
    [campaignId, JSON.stringify(recipients)],
  );
}

/** Which of these addresses the campaign already has. */
export const campaignHas = async (db: Queryable, campaignId: number, emails: string[]) =>
  (
    await db.query<{ email: string }>(
      `select email from phishing_campaign_recipients
        where campaign_id = $1 and email = any($2::text[])`,
      [campaignId, emails],
    )
  ).map((row) => row.email);

/**
 * Records what the platform tracked: new events (the ones known already stay as they are), the
 * campaign running once sending started, finished once nothing more will happen.
 */
export async function recordActivity(
  db: Queryable,
  campaignId: number,
  activity: { started: boolean; completedAt: string | null; events: ActivityEvent[] },
): Promise<void> {
  if (activity.events.length > 0) {
    await db.query(
      `insert into phishing_events (recipient_id, kind, at)
       select r.id, e.kind, e.at
         from json_to_recordset($2::json) as e(email text, kind text, at timestamptz)
         join phishing_campaign_recipients r on r.campaign_id = $1 and r.email = e.email
       on conflict (recipient_id, kind) do nothing`,
      [campaignId, JSON.stringify(activity.events)],
    );
  }
  if (activity.completedAt) {
    await db.query(
      `update phishing_campaigns set state = 'finished', ended_at = coalesce(ended_at, $2)
        where id = $1 and state in ('scheduled', 'running')`,
      [campaignId, activity.completedAt],
    );
  } else if (activity.started) {
    await db.query(
      `update phishing_campaigns set state = 'running' where id = $1 and state = 'scheduled'`,
      [campaignId],
    );
  }
}

const eventAt = (kind: string) =>
  `(select ${isoText('e.at')} from phishing_events e where e.recipient_id = r.id and e.kind = '${kind}')`;

export async function campaignResults(db: Queryable, campaignId: number): Promise<PhishingResults> {
  const recipients = await db.query<PhishingResults['recipients'][number]>(
    `select r.email, r.first_name, r.last_name, r.department,
            ${eventAt('sent')} as sent_at, ${eventAt('opened')} as opened_at,
            ${eventAt('clicked')} as clicked_at, ${eventAt('submitted')} as submitted_at,
            ${eventAt('reported')} as reported_at
       from phishing_campaign_recipients r where r.campaign_id = $1 order by r.email`,
    [campaignId],
  );
  const events = await db.query<PhishingResults['events'][number]>(
    `select ${isoText('e.at')} as at, r.email, e.kind
       from phishing_events e join phishing_campaign_recipients r on r.id = e.recipient_id
      where r.campaign_id = $1
      order by e.at, array_position(array['sent','opened','clicked','submitted','reported'], e.kind),
               r.email`,
    [campaignId],
  );
  return { campaign_id: campaignId, recipients, events };
}

export async function tenantStats(db: Queryable, tenantId: number): Promise<PhishingStats> {
  const clickRate = await db.query<PhishingStats['click_rate'][number]>(
    `select c.id as campaign_id, c.name, ${isoText('c.launched_at')} as launched_at,
            ev.sent, ev.clicked
       from phishing_campaigns c ${EVENT_COUNTS}
      where c.tenant_id = $1 and c.launched_at is not null and c.state <> 'scheduled'
      order by c.launched_at, c.id`,
    [tenantId],
  );
  const totals = await db.query<{
    sent: number;
    clicked: number;
    reported: number;
    median: number | null;
  }>(
    `with ev as (
       select e.kind, e.at, e.recipient_id from phishing_events e
         join phishing_campaign_recipients r on r.id = e.recipient_id
         join phishing_campaigns c on c.id = r.campaign_id
        where c.tenant_id = $1)
     select (select count(*) from ev where kind = 'sent')::integer as sent,
            (select count(*) from ev where kind = 'clicked')::integer as clicked,
            (select count(*) from ev where kind = 'reported')::integer as reported,
            (select percentile_cont(0.5) within group (
                      order by extract(epoch from rep.at - snt.at))
               from ev rep join ev snt on snt.recipient_id = rep.recipient_id and snt.kind = 'sent'
              where rep.kind = 'reported')::float8 as median`,
    [tenantId],
  );
  const offenders = await db.query<PhishingStats['repeat_offenders'][number]>(
    `select r.email, count(distinct r.campaign_id)::integer as campaigns
       from phishing_events e
       join phishing_campaign_recipients r on r.id = e.recipient_id
       join phishing_campaigns c on c.id = r.campaign_id
      where c.tenant_id = $1 and e.kind = 'clicked'
      group by r.email having count(distinct r.campaign_id) >= 2
      order by campaigns desc, r.email limit 50`,
    [tenantId],
  );
  const total = totals[0] ?? { sent: 0, clicked: 0, reported: 0, median: null };
  return {
    click_rate: clickRate,
    sent: total.sent,
    clicked: total.clicked,
    reported: total.reported,
    median_seconds_to_report: total.median === null ? null : Math.round(total.median),
    repeat_offenders: offenders,
  };
}
