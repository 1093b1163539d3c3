// Phishing prevention's rules: reads (after recording what the mail platform tracked since the
// last read), creations, and the precondition checks of the slow operations.
import type {
  ListPagingQuery,
  PhishingCampaign,
  PhishingCampaignCreate,
  PhishingCampaignUpdate,
  PhishingCsvPreview,
  PhishingGroupCreate,
  PhishingGroupCreated,
  PhishingGroupDetail,
  PhishingGroupUpdate,
  PhishingRecipient,
  PhishingRecipientsAdd,
  PhishingResults,
  PhishingOffender,
  PhishingStats,
  PhishingTemplate,
  PhishingTemplateCreate,
  PhishingTemplateUpdate,
  TemplateKind,
} from '@portal/api/contract';
import {
  addRecipientsRefusal,
  BUILTIN_TEMPLATE_REFUSAL,
  campaignDeleteRefusal,
  campaignEditRefusal,
  endRefusal,
  launchRefusal,
  parseRecipientCsv,
  recipientEmailRefusal,
  usedByCampaignsRefusal,
} from '@portal/api/domain';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Caller } from '../../plugins/access.ts';
import type { ListCache } from '../../platform/list-cache.ts';
import type { Prepared } from '../../platform/tasks/route.ts';
import type { PhishingDriver } from './driver.ts';
import {
  activeCampaignIds,
  campaignHas,
  campaignsUsing,
  deleteGroup,
  deleteTemplate,
  campaignResults,
  findCampaign,
  findGroup,
  findTemplate,
  groupRecipients,
  insertCampaign,
  insertGroup,
  insertTemplate,
  isBuiltinTemplate,
  campaignList,
  listGroups,
  listTemplates,
  lockCampaign,
  lockGroup,
  lockOwnTemplate,
  recordActivity,
  tenantStats,
  listOffenders,
  updateCampaign,
  updateGroup,
  updateTemplate,
  type CampaignRow,
} from './repository.ts';

export interface PhishingDeps {
  db: Database;
  driver: PhishingDriver;
  /** Answers the campaign list from memory while the tenant's lists are unchanged. */
  lists?: ListCache;
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

/** `GET /services/phishing/campaigns`: the reply's JSON text, the whole list or a page. */
export const readCampaignsJson = (deps: PhishingDeps, caller: Caller, query: ListPagingQuery) =>
  campaignList.reply(deps, caller.tenantId, query, () => catchUp(deps, caller.tenantId));

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

/** `GET /services/phishing/offenders`: the whole list, each person with their history. */
export async function readOffenders(
  deps: PhishingDeps,
  caller: Caller,
  minCampaigns = 2,
): Promise<PhishingOffender[]> {
  await catchUp(deps, caller.tenantId);
  return listOffenders(deps.db, caller.tenantId, minCampaigns);
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

/** A campaign's fields checked against the tenant's templates and groups (create and edit). */
async function campaignFields(db: Queryable, caller: Caller, body: PhishingCampaignCreate) {
  const template = await findTemplate(db, caller.tenantId, body.template_id);
  if (!template || template.kind !== 'email')
    throw badRequest('template_id: is not one of your e-mail templates', 'template_id');
  const landing = await findTemplate(db, caller.tenantId, body.landing_page_id);
  if (!landing || landing.kind !== 'landing')
    throw badRequest('landing_page_id: is not one of your landing pages', 'landing_page_id');
  if (!(await findGroup(db, caller.tenantId, body.group_id)))
    throw badRequest('group_id: is not one of your recipient groups', 'group_id');
  const launchAt = body.launch_at ?? null;
  const sendBy = body.send_by ?? null;
  if (sendBy !== null && Date.parse(sendBy) <= Math.max(Date.now(), Date.parse(launchAt ?? '0')))
    throw badRequest('send_by: must be after the launch time', 'send_by');
  return {
    name: body.name.trim(),
    templateId: template.id,
    landingPageId: landing.id,
    groupId: body.group_id,
    launchAt,
    sendBy,
  };
}

export async function createCampaign(
  deps: PhishingDeps,
  caller: Caller,
  body: PhishingCampaignCreate,
): Promise<PhishingCampaign> {
  const id = await insertCampaign(
    deps.db,
    caller.tenantId,
    await campaignFields(deps.db, caller, body),
  );
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

// ---------------------------------------------------------------------------------------------
// Edits and deletes: a template, landing page or group goes only once no campaign uses it; a
// campaign is edited while it is a draft, and deleted while it is a draft or scheduled.

/** The tenant's own template, locked for the change; a built-in one is refused with a sentence. */
async function ownTemplate(tx: Queryable, caller: Caller, id: number) {
  const template = await lockOwnTemplate(tx, caller.tenantId, id);
  if (template) return template;
  if (await isBuiltinTemplate(tx, id)) throw conflict(BUILTIN_TEMPLATE_REFUSAL);
  throw notFound(`No template ${id}.`);
}

const templateWords = (template: { kind: TemplateKind; name: string }) =>
  `The ${template.kind === 'email' ? 'template' : 'landing page'} ${template.name}`;

/** `PATCH /services/phishing/templates/{id}`. */
export async function editTemplate(
  deps: PhishingDeps,
  caller: Caller,
  id: number,
  body: PhishingTemplateUpdate,
): Promise<PhishingTemplate> {
  await deps.db.transaction(async (tx) => {
    const template = await ownTemplate(tx, caller, id);
    await updateTemplate(tx, id, {
      ...(body.name === undefined ? {} : { name: body.name.trim() }),
      ...(body.subject === undefined || template.kind !== 'email'
        ? {}
        : { subject: body.subject.trim() }),
      ...(body.content === undefined ? {} : { content: body.content }),
    });
  });
  return readTemplate(deps, caller, id);
}

/** `DELETE /services/phishing/templates/{id}`: refused while a campaign uses it. */
export async function removeTemplate(deps: PhishingDeps, caller: Caller, id: number) {
  return deps.db.transaction(async (tx) => {
    const template = await ownTemplate(tx, caller, id);
    const refusal = usedByCampaignsRefusal(
      templateWords(template),
      await campaignsUsing(tx, { templateId: id }),
    );
    if (refusal) throw conflict(refusal);
    await deleteTemplate(tx, id);
    return template;
  });
}

async function lockedGroup(tx: Queryable, caller: Caller, id: number) {
  const group = await lockGroup(tx, caller.tenantId, id);
  if (!group) throw notFound(`No recipient group ${id}.`);
  return group;
}

/**
 * `PATCH /services/phishing/groups/{id}`: a new name, and or a file whose valid rows become the
 * group. Draft campaigns send to who is in the group at launch; launched ones keep theirs.
 */
export async function editGroup(
  deps: PhishingDeps,
  caller: Caller,
  id: number,
  body: PhishingGroupUpdate,
): Promise<PhishingGroupCreated> {
  let skipped = 0;
  let recipients: PhishingRecipient[] | undefined;
  if (body.csv !== undefined) {
    const preview = previewCsv(body.csv);
    const valid = preview.rows.filter((row) => row.error === null);
    if (valid.length === 0) throw badRequest('csv: The file has no valid recipient rows.', 'csv');
    skipped = preview.invalid;
    recipients = valid.map(({ email, first_name, last_name, department }) => ({
      email,
      first_name,
      last_name,
      department,
    }));
  }
  await deps.db.transaction(async (tx) => {
    await lockedGroup(tx, caller, id);
    await updateGroup(tx, id, {
      ...(body.name === undefined ? {} : { name: body.name.trim() }),
      ...(recipients === undefined ? {} : { recipients }),
    });
  });
  const group = await findGroup(deps.db, caller.tenantId, id);
  if (!group) throw notFound(`No recipient group ${id}.`);
  return { group, skipped };
}

/** `DELETE /services/phishing/groups/{id}`: refused while a campaign uses it. */
export async function removeGroup(deps: PhishingDeps, caller: Caller, id: number) {
  return deps.db.transaction(async (tx) => {
    const group = await lockedGroup(tx, caller, id);
    const refusal = usedByCampaignsRefusal(
      `The recipient group ${group.name}`,
      await campaignsUsing(tx, { groupId: id }),
    );
    if (refusal) throw conflict(refusal);
    await deleteGroup(tx, id);
    return group;
  });
}

/** `PATCH /services/phishing/campaigns/{id}`: a draft's fields. */
export async function editCampaign(
  deps: PhishingDeps,
  caller: Caller,
  id: number,
  body: PhishingCampaignUpdate,
): Promise<PhishingCampaign> {
  await deps.db.transaction(async (tx) => {
    const campaign = await lockedCampaign(tx, caller, id);
    const refusal = campaignEditRefusal(campaign.state);
    if (refusal) throw conflict(refusal);
    const current = await findCampaign(tx, caller.tenantId, id);
    if (!current) throw notFound(`No campaign ${id}.`);
    const merged: PhishingCampaignCreate = {
      name: body.name ?? current.name,
      template_id: body.template_id ?? current.template.id,
      landing_page_id: body.landing_page_id ?? current.landing_page.id,
      group_id: body.group_id ?? current.group.id,
      launch_at: body.launch_at === undefined ? current.launch_at : body.launch_at,
      send_by: body.send_by === undefined ? current.send_by : body.send_by,
    };
    await updateCampaign(tx, id, await campaignFields(tx, caller, merged));
  });
  return requireCampaign(deps, caller, id);
}

/** `DELETE /services/phishing/campaigns/{id}`: a draft, or a scheduled one (its sending called off). */
export async function prepareDeleteCampaign(
  tx: Queryable,
  caller: Caller,
  id: number,
): Promise<Prepared<{ launched: boolean }>> {
  const campaign = await lockedCampaign(tx, caller, id);
  const refusal = campaignDeleteRefusal(campaign.state);
  if (refusal) throw conflict(refusal);
  return { target: target(campaign), payload: { launched: campaign.state !== 'draft' } };
}
