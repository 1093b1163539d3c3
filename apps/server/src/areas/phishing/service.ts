// Phishing prevention's rules: reads (after recording what the mail platform tracked since the
// last read), creations, and the precondition checks of the slow operations.
import type {
  PhishingCampaign,
  PhishingCampaignCreate,
  PhishingCsvPreview,
  PhishingGroupCreate,
  PhishingGroupCreated,
  PhishingGroupDetail,
  PhishingRecipientsAdd,
  PhishingResults,
  PhishingStats,
  PhishingTemplate,
  PhishingTemplateCreate,
} from '@portal/api/contract';
import {
  addRecipientsRefusal,
  endRefusal,
  launchRefusal,
  parseRecipientCsv,
  recipientEmailRefusal,
} from '@portal/api/domain';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Caller } from '../../plugins/access.ts';
import type { Prepared } from '../../platform/tasks/route.ts';
import type { PhishingDriver } from './driver.ts';
import {
  activeCampaignIds,
  campaignHas,
  campaignResults,
  findCampaign,
  findGroup,
  findTemplate,
  groupRecipients,
  insertCampaign,
  insertGroup,
  insertTemplate,
  listCampaigns,
  listGroups,
  listTemplates,
  lockCampaign,
  recordActivity,
  tenantStats,
  type CampaignRow,
} from './repository.ts';

export interface PhishingDeps {
  db: Database;
  driver: PhishingDriver;
}

/**
 * Records what the mail platform tracked in the tenant's scheduled and running campaigns (one, or
 * all): the platform reports, the portal keeps the events.
 */
async function catchUp(deps: PhishingDeps, tenantId: number, id?: number): Promise<void> {
  const now = Date.now();
  for (const campaignId of await activeCampaignIds(deps.db, tenantId, id)) {
    const activity = await deps.driver.phishingActivity(campaignId, now);
    await recordActivity(deps.db, campaignId, activity);
  }
}

async function requireCampaign(
  deps: PhishingDeps,
  caller: Caller,
  id: number,
): Promise<PhishingCampaign> {
  await catchUp(deps, caller.tenantId, id);
  const campaign = await findCampaign(deps.db, caller.tenantId, id);
  if (!campaign) throw notFound(`No campaign ${id}.`);
  return campaign;
}

export async function readCampaigns(deps: PhishingDeps, caller: Caller) {
  await catchUp(deps, caller.tenantId);
  return listCampaigns(deps.db, caller.tenantId);
}

export const readCampaign = requireCampaign;

export async function readResults(
  deps: PhishingDeps,
  caller: Caller,
  id: number,
): Promise<PhishingResults> {
  await requireCampaign(deps, caller, id);
  return campaignResults(deps.db, id);
}

export async function readStats(deps: PhishingDeps, caller: Caller): Promise<PhishingStats> {
  await catchUp(deps, caller.tenantId);
  return tenantStats(deps.db, caller.tenantId);
}

export const readTemplates = (deps: PhishingDeps, caller: Caller) =>
  listTemplates(deps.db, caller.tenantId);

export async function readTemplate(
  deps: PhishingDeps,
  caller: Caller,
  id: number,
): Promise<PhishingTemplate> {
  const template = await findTemplate(deps.db, caller.tenantId, id);
  if (!template) throw notFound(`No template ${id}.`);
  return template;
}

export async function createTemplate(
  deps: PhishingDeps,
  caller: Caller,
  body: PhishingTemplateCreate,
): Promise<PhishingTemplate> {
  const id = await insertTemplate(deps.db, caller.tenantId, {
    kind: body.kind,
    name: body.name.trim(),
    subject: body.kind === 'email' ? (body.subject ?? '').trim() : '',
    content: body.content,
  });
  return readTemplate(deps, caller, id);
}

export const readGroups = (deps: PhishingDeps, caller: Caller) =>
  listGroups(deps.db, caller.tenantId);

export async function readGroup(
  deps: PhishingDeps,
  caller: Caller,
  id: number,
): Promise<PhishingGroupDetail> {
  const group = await findGroup(deps.db, caller.tenantId, id);
  if (!group) throw notFound(`No recipient group ${id}.`);
  return { ...group, recipients: await groupRecipients(deps.db, id) };
}

/** What importing the file would do: every row, the bad ones with their reason. */
export function previewCsv(csv: string): PhishingCsvPreview {
  const parsed = parseRecipientCsv(csv);
  if (parsed.error) throw badRequest(`csv: ${parsed.error}`, 'csv');
  const invalid = parsed.rows.filter((row) => row.error !== null).length;
  return { rows: parsed.rows, valid: parsed.rows.length - invalid, invalid };
}

export async function createGroup(
  deps: PhishingDeps,
  caller: Caller,
  body: PhishingGroupCreate,
): Promise<PhishingGroupCreated> {
  const preview = previewCsv(body.csv);
  const valid = preview.rows.filter((row) => row.error === null);
  if (valid.length === 0) throw badRequest('csv: The file has no valid recipient rows.', 'csv');
  const id = await insertGroup(
    deps.db,
    caller.tenantId,
    body.name.trim(),
    valid.map(({ email, first_name, last_name, department }) => ({
      email,
      first_name,
      last_name,
      department,
    })),
  );
  const group = await findGroup(deps.db, caller.tenantId, id);
  if (!group) throw new Error('the new group was not found');
  return { group, skipped: preview.invalid };
}

export async function createCampaign(
  deps: PhishingDeps,
  caller: Caller,
  body: PhishingCampaignCreate,
): Promise<PhishingCampaign> {
  const template = await findTemplate(deps.db, caller.tenantId, body.template_id);
  if (!template || template.kind !== 'email')
    throw badRequest('template_id: is not one of your e-mail templates', 'template_id');
  const landing = await findTemplate(deps.db, caller.tenantId, body.landing_page_id);
  if (!landing || landing.kind !== 'landing')
    throw badRequest('landing_page_id: is not one of your landing pages', 'landing_page_id');
  if (!(await findGroup(deps.db, caller.tenantId, body.group_id)))
    throw badRequest('group_id: is not one of your recipient groups', 'group_id');
  const launchAt = body.launch_at ?? null;
  const sendBy = body.send_by ?? null;
  if (sendBy !== null && Date.parse(sendBy) <= Math.max(Date.now(), Date.parse(launchAt ?? '0')))
    throw badRequest('send_by: must be after the launch time', 'send_by');
  const id = await insertCampaign(deps.db, caller.tenantId, {
    name: body.name.trim(),
    templateId: template.id,
    landingPageId: landing.id,
    groupId: body.group_id,
    launchAt,
    sendBy,
  });
  return requireCampaign(deps, caller, id);
}

async function lockedCampaign(tx: Queryable, caller: Caller, id: number): Promise<CampaignRow> {
  const campaign = await lockCampaign(tx, caller.tenantId, id);
  if (!campaign) throw notFound(`No campaign ${id}.`);
  return campaign;
}

const target = (campaign: CampaignRow) => ({ id: campaign.id, name: campaign.name });

export async function prepareLaunch(
  tx: Queryable,
  caller: Caller,
  id: number,
): Promise<Prepared<Record<string, never>>> {
  const campaign = await lockedCampaign(tx, caller, id);
  const refusal = launchRefusal(campaign.state);
  if (refusal) throw conflict(refusal);
  if ((await groupRecipients(tx, campaign.group_id)).length === 0)
    throw conflict('The recipient group is empty.');
  return { target: target(campaign), payload: {} };
}

export async function prepareEnd(
  tx: Queryable,
  caller: Caller,
  id: number,
): Promise<Prepared<Record<string, never>>> {
  const campaign = await lockedCampaign(tx, caller, id);
  const refusal = endRefusal(campaign.state);
  if (refusal) throw conflict(refusal);
  return { target: target(campaign), payload: {} };
}

export async function prepareAddRecipients(
  tx: Queryable,
  caller: Caller,
  id: number,
  body: PhishingRecipientsAdd,
) {
  const campaign = await lockedCampaign(tx, caller, id);
  const seen = new Set<string>();
  const recipients = body.recipients.map((recipient, index) => {
    const email = recipient.email.trim().toLowerCase();
    const field = `recipients.${index}.email`;
    const refusal = recipientEmailRefusal(email);
    if (refusal) throw badRequest(`${field}: ${refusal}`, field);
    if (seen.has(email)) throw badRequest(`${field}: ${email} is listed twice.`, field);
    seen.add(email);
    return {
      email,
      first_name: recipient.first_name?.trim() ?? '',
      last_name: recipient.last_name?.trim() ?? '',
      department: recipient.department?.trim() ?? '',
    };
  });
  const refusal = addRecipientsRefusal(campaign.state);
  if (refusal) throw conflict(refusal);
  const already = await campaignHas(tx, campaign.id, [...seen]);
  if (already.length > 0) {
    const index = recipients.findIndex((recipient) => recipient.email === already[0]);
    const field = `recipients.${index}.email`;
    throw badRequest(`${field}: ${already[0]} is already a recipient of this campaign.`, field);
  }
  return { target: target(campaign), payload: { recipients } };
}
