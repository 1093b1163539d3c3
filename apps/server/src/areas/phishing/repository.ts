// The phishing area's SQL, always scoped by tenant. Built-in templates have no tenant and are
// everyone's to read.
import type {
  CampaignState,
  PhishingCampaign,
  PhishingGroup,
  PhishingRecipient,
  PhishingResults,
  PhishingOffender,
  PhishingStats,
  PhishingTemplate,
  TemplateKind,
} from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import { columnSorts, isoText, tenantList, type ListSpec } from '../../platform/paging.ts';
import { insertedId, rowById } from '../../platform/rows.ts';
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
export const findTemplate = rowById<PhishingTemplate>(
  `select ${TEMPLATE_FIELDS} from phishing_templates t
    where t.id = $2 and (t.tenant_id = $1 or t.tenant_id is null)`,
);

export async function insertTemplate(
  db: Queryable,
  tenantId: number,
  template: { kind: TemplateKind; name: string; subject: string; content: string },
): Promise<number> {
  return insertedId(
    db,
    `insert into phishing_templates (tenant_id, kind, name, subject, content)
     values ($1, $2, $3, $4, $5) returning id`,
    [tenantId, template.kind, template.name, template.subject, template.content],
  );
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

export const findGroup = rowById<PhishingGroup>(
  `select ${GROUP_FIELDS} from phishing_groups g where g.tenant_id = $1 and g.id = $2`,
);

export const groupRecipients = (db: Queryable, groupId: number) =>
  db.query<PhishingRecipient>(
    `select email, first_name, last_name, department from phishing_group_recipients
      where group_id = $1 order by email`,
    [groupId],
  );

/** Adds recipients to a group; an address the group has already is left as it is. */
const addGroupRecipients = (
  db: Queryable,
  groupId: number,
  recipients: readonly PhishingRecipient[],
) =>
  db.query(
    `insert into phishing_group_recipients (group_id, email, first_name, last_name, department)
     select $1, r.email, r.first_name, r.last_name, r.department
       from json_to_recordset($2::json)
         as r(email text, first_name text, last_name text, department text)
     on conflict do nothing`,
    [groupId, JSON.stringify(recipients)],
  );

export async function insertGroup(
  db: Queryable,
  tenantId: number,
  name: string,
  recipients: readonly PhishingRecipient[],
): Promise<number> {
  const id = await insertedId(
    db,
    'insert into phishing_groups (tenant_id, name) values ($1, $2) returning id',
    [tenantId, name],
  );
  await addGroupRecipients(db, id, recipients);
  return id;
}

/** Whom a campaign (`c`, of group `g`) reaches: its group's members until it is launched. */
const RECIPIENT_COUNT_SQL = `(case when c.state = 'draft'
  then (select count(*) from phishing_group_recipients gr where gr.group_id = g.id)
  else (select count(*) from phishing_campaign_recipients r where r.campaign_id = c.id) end)`;

/** A campaign's fields before its counts: `c`, its template `t`, landing page `l`, group `g`. */
const CAMPAIGN_HEAD = `c.id, c.name, c.state,
  json_build_object('id', t.id, 'name', t.name) as template,
  json_build_object('id', l.id, 'name', l.name) as landing_page,
  json_build_object('id', g.id, 'name', g.name) as "group",
  ${isoText('c.launch_at')} as launch_at, ${isoText('c.send_by')} as send_by,
  ${isoText('c.launched_at')} as launched_at, ${isoText('c.ended_at')} as ended_at,
  ${isoText('c.created_at')} as created_at`;

/** The counts object, from the events counted by kind (`ev`). */
const COUNTS_JSON = `json_build_object(
    'recipients', ${RECIPIENT_COUNT_SQL},
    'sent', ev.sent, 'opened', ev.opened, 'clicked', ev.clicked,
    'submitted', ev.submitted, 'reported', ev.reported)`;

const CAMPAIGN_FIELDS = `${CAMPAIGN_HEAD}, ${COUNTS_JSON} as counts`;

/** A campaign's (`c`) events counted by kind (`ev.sent`, …) in one pass over them. */
const EVENT_COUNT_SELECT = `
    select count(*) filter (where e.kind = 'sent')::integer as sent,
           count(*) filter (where e.kind = 'opened')::integer as opened,
           count(*) filter (where e.kind = 'clicked')::integer as clicked,
           count(*) filter (where e.kind = 'submitted')::integer as submitted,
           count(*) filter (where e.kind = 'reported')::integer as reported
      from phishing_campaign_recipients r join phishing_events e on e.recipient_id = r.id
     where r.campaign_id = c.id`;

const CAMPAIGN_JOINS = `phishing_campaigns c
  join phishing_templates t on t.id = c.template_id
  join phishing_templates l on l.id = c.landing_page_id
  join phishing_groups g on g.id = c.group_id`;

const CAMPAIGN_FROM = `${CAMPAIGN_JOINS} cross join lateral (${EVENT_COUNT_SELECT}) ev`;

/** The campaign list: newest first; events counted only for the rows a page shows. */
const CAMPAIGN_LIST: ListSpec = {
  name: 'phishing-campaigns',
  from: CAMPAIGN_JOINS,
  id: 'c.id',
  fields: `${CAMPAIGN_HEAD},
    (select ${COUNTS_JSON} from (${EVENT_COUNT_SELECT}) ev) as counts`,
  sorts: columnSorts('c', {
    id: 'integer',
    name: 'text',
    state: 'text',
    // Launched, or due to launch; not yet planned sorts first.
    launched: {
      sql: `coalesce(${isoText('coalesce(c.launched_at, c.launch_at)')}, '')`,
      type: 'text',
    },
    recipients: { sql: RECIPIENT_COUNT_SQL, type: 'integer' },
  }),
  defaultSort: 'id',
  defaultDesc: true,
  search: ['c.name', 'c.state', 't.name', 'g.name'],
};

/** The tenant's campaigns (newest first, or a page). */
export const campaignList = tenantList(CAMPAIGN_LIST, 'c');

/** One of the tenant's campaigns as the contract shows it, or null. */
export const findCampaign = rowById<PhishingCampaign>(
  `select ${CAMPAIGN_FIELDS} from ${CAMPAIGN_FROM} where c.tenant_id = $1 and c.id = $2`,
);

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

const campaignRow = rowById<CampaignRow>(
  `select id, tenant_id, name, state, group_id, launch_at, send_by from phishing_campaigns
    where tenant_id = $1 and id = $2`,
);
/** The campaign's row, locked for the transaction unless `lock` is false. */
export const lockCampaign = (db: Queryable, tenantId: number, id: number, lock = true) =>
  campaignRow(db, tenantId, id, lock);

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

/** What a campaign is made of, as it is created and changed. */
export interface CampaignFields {
  name: string;
  templateId: number;
  landingPageId: number;
  groupId: number;
  launchAt: string | null;
  sendBy: string | null;
}

export async function insertCampaign(
  db: Queryable,
  tenantId: number,
  campaign: CampaignFields,
): Promise<number> {
  return insertedId(
    db,
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
       from phishing_campaigns c cross join lateral (${EVENT_COUNT_SELECT}) ev
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

// ---------------------------------------------------------------------------------------------
// Edits and deletes. Templates and groups are locked while they are checked and changed, so a
// campaign made meanwhile waits for the outcome.

/** The tenant's own template (never a built-in one), locked; or null. */
export async function lockOwnTemplate(
  db: Queryable,
  tenantId: number,
  id: number,
): Promise<{ id: number; kind: TemplateKind; name: string } | null> {
  const rows = await db.query<{ id: number; kind: TemplateKind; name: string }>(
    'select id, kind, name from phishing_templates where tenant_id = $1 and id = $2 for update',
    [tenantId, id],
  );
  return rows[0] ?? null;
}

/** Whether the id is a built-in template (everyone's to read, nobody's to change). */
export async function isBuiltinTemplate(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query(
    'select 1 from phishing_templates where id = $1 and tenant_id is null',
    [id],
  );
  return rows.length > 0;
}

export async function updateTemplate(
  db: Queryable,
  id: number,
  changes: { name?: string; subject?: string; content?: string },
): Promise<void> {
  await db.query(
    `update phishing_templates set name = coalesce($2, name), subject = coalesce($3, subject),
            content = coalesce($4, content) where id = $1`,
    [id, changes.name ?? null, changes.subject ?? null, changes.content ?? null],
  );
}

/** The names of the campaigns (any state) that use a template, landing page or group. */
export async function campaignsUsing(
  db: Queryable,
  use: { templateId: number } | { groupId: number },
): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    'templateId' in use
      ? `select name from phishing_campaigns where template_id = $1 or landing_page_id = $1
          order by id`
      : 'select name from phishing_campaigns where group_id = $1 order by id',
    ['templateId' in use ? use.templateId : use.groupId],
  );
  return rows.map((row) => row.name);
}

export async function deleteTemplate(db: Queryable, id: number): Promise<void> {
  await db.query('delete from phishing_templates where id = $1', [id]);
}

export async function lockGroup(
  db: Queryable,
  tenantId: number,
  id: number,
): Promise<{ id: number; name: string } | null> {
  const rows = await db.query<{ id: number; name: string }>(
    'select id, name from phishing_groups where tenant_id = $1 and id = $2 for update',
    [tenantId, id],
  );
  return rows[0] ?? null;
}

/** Renames a group, and with `recipients` replaces who is in it. */
export async function updateGroup(
  db: Queryable,
  id: number,
  changes: { name?: string; recipients?: readonly PhishingRecipient[] },
): Promise<void> {
  if (changes.name !== undefined)
    await db.query('update phishing_groups set name = $2 where id = $1', [id, changes.name]);
  if (changes.recipients === undefined) return;
  await db.query('delete from phishing_group_recipients where group_id = $1', [id]);
  await addGroupRecipients(db, id, changes.recipients);
}

/** Deletes a group with its recipients. */
export async function deleteGroup(db: Queryable, id: number): Promise<void> {
  await db.query('delete from phishing_groups where id = $1', [id]);
}

export async function updateCampaign(
  db: Queryable,
  id: number,
  changes: CampaignFields,
): Promise<void> {
  await db.query(
    `update phishing_campaigns set name = $2, template_id = $3, landing_page_id = $4,
            group_id = $5, launch_at = $6, send_by = $7 where id = $1`,
    [
      id,
      changes.name,
      changes.templateId,
      changes.landingPageId,
      changes.groupId,
      changes.launchAt,
      changes.sendBy,
    ],
  );
}

/** Deletes a campaign with its recipients and their events. */
export async function deleteCampaign(db: Queryable, tenantId: number, id: number): Promise<void> {
  await db.query('delete from phishing_campaigns where tenant_id = $1 and id = $2', [tenantId, id]);
}

/**
 * Everyone who clicked in at least `minCampaigns` of the tenant's campaigns, most campaigns
 * first, each with what they did in every launched campaign they received (newest first).
 */
export async function listOffenders(
  db: Queryable,
  tenantId: number,
  minCampaigns: number,
): Promise<PhishingOffender[]> {
  const iso = (column: string) =>
    `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const rows = await db.query<{ list: PhishingOffender[] | string }>(
    `with received as (
       select r.email, r.first_name, r.last_name, r.department, c.id as campaign_id,
              c.name as campaign_name, c.launched_at,
              exists (select 1 from phishing_events e where e.recipient_id = r.id and e.kind = 'opened') as opened,
              exists (select 1 from phishing_events e where e.recipient_id = r.id and e.kind = 'clicked') as clicked,
              exists (select 1 from phishing_events e where e.recipient_id = r.id and e.kind = 'submitted') as submitted,
              exists (select 1 from phishing_events e where e.recipient_id = r.id and e.kind = 'reported') as reported
         from phishing_campaign_recipients r
         join phishing_campaigns c on c.id = r.campaign_id
        where c.tenant_id = $1 and c.launched_at is not null),
     people as (
       select email, count(*) filter (where clicked)::int as campaigns
         from received group by email
       having count(*) filter (where clicked) >= $2)
     select coalesce(json_agg(x order by x.campaigns desc, x.email), '[]'::json) as list from (
       select p.email, p.campaigns,
              (select trim(max(r.first_name) || ' ' || max(r.last_name)) from received r where r.email = p.email) as name,
              (select max(r.department) from received r where r.email = p.email) as department,
              (select json_agg(json_build_object('campaign_id', r.campaign_id,
                        'campaign_name', r.campaign_name, 'launched_at', ${iso('r.launched_at')},
                        'opened', r.opened, 'clicked', r.clicked, 'submitted', r.submitted,
                        'reported', r.reported) order by r.launched_at desc, r.campaign_id desc)
                 from received r where r.email = p.email) as history
         from people p) x`,
    [tenantId, minCampaigns],
  );
  const list = rows[0]?.list ?? [];
  return typeof list === 'string' ? (JSON.parse(list) as PhishingOffender[]) : list;
}
