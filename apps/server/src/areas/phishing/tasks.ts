// The phishing area's slow operations: launching and ending a campaign, and adding recipients to
// a running one. The mail platform reports facts; `apply` writes them to the portal's tables.
import { Type } from 'typebox';
import { DriverError } from '../../platform/driver.ts';
import { taskDefiner, taskTarget, type TargetKind } from '../../platform/tasks/registry.ts';
import type { PhishingDriver } from './driver.ts';
import {
  addCampaignRecipients,
  campaignMessage,
  deleteCampaign,
  groupRecipients,
  lockCampaign,
  recordActivity,
  recordLaunch,
} from './repository.ts';

const defineTask = taskDefiner<PhishingDriver>('phishing-prevention', 'phishing-campaign');

/** Where a campaign is in the portal. */
export const campaignTargets: TargetKind = {
  kind: 'phishing-campaign',
  async paths(db, tenantId, ids) {
    const rows = await db.query<{ id: number }>(
      'select id from phishing_campaigns where tenant_id = $1 and id = any($2::integer[])',
      [tenantId, ids],
    );
    return new Map(rows.map((row) => [row.id, `/phishing-prevention/${row.id}`]));
  },
};

const GONE = 'The campaign no longer exists.';
const campaignOf = taskTarget(
  (db, task, lock) => lockCampaign(db, task.tenantId, task.targetId, lock),
  GONE,
);
const gone = () => new DriverError(GONE);

export const launchCampaignTask = defineTask({
  op: 'phishing.launch',
  label: () => 'Launch',
  operation: () => 'launch',
  payload: Type.Object({}),
  async run(ctx, task) {
    const campaign = await campaignOf(ctx.db, task);
    const recipients = await groupRecipients(ctx.db, campaign.group_id);
    const message = await campaignMessage(ctx.db, campaign.id);
    if (!message) throw gone();
    return ctx.driver.launchPhishingCampaign(ctx, {
      campaignId: campaign.id,
      tenantCdbId: task.tenantCdbId,
      launchAt: campaign.launch_at?.toISOString() ?? null,
      sendBy: campaign.send_by?.toISOString() ?? null,
      emails: recipients.map((recipient) => recipient.email),
      people: recipients.map(({ email, first_name, last_name }) => ({
        email,
        first_name,
        last_name,
      })),
      message,
    });
  },
  async apply(tx, task, facts) {
    const campaign = await campaignOf(tx, task, true);
    await recordLaunch(tx, campaign, facts.startAt);
    return Date.parse(facts.startAt) > Date.now()
      ? `The campaign ${campaign.name} is scheduled.`
      : `The campaign ${campaign.name} is running.`;
  },
});

export const endCampaignTask = defineTask({
  op: 'phishing.end',
  label: () => 'End campaign',
  operation: () => 'end',
  payload: Type.Object({}),
  async run(ctx, task) {
    const ended = await ctx.driver.endPhishingCampaign(ctx, task.targetId);
    // What happened up to the end, so the finished campaign's results are complete.
    const activity = await ctx.driver.phishingActivity(task.targetId, Date.parse(ended.endedAt));
    return { ...ended, activity };
  },
  async apply(tx, task, facts) {
    const campaign = await campaignOf(tx, task, true);
    await recordActivity(tx, campaign.id, { ...facts.activity, completedAt: facts.endedAt });
    await tx.query(
      `update phishing_campaigns set state = 'finished', ended_at = $2 where id = $1`,
      [campaign.id, facts.endedAt],
    );
    return `The campaign ${campaign.name} has ended.`;
  },
});

const Recipient = Type.Object({
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  department: Type.String(),
});

export const addRecipientsTask = defineTask({
  op: 'phishing.add-recipients',
  label: (payload) =>
    `Add ${payload.recipients.length} recipient${payload.recipients.length === 1 ? '' : 's'}`,
  operation: () => 'addRecipients',
  payload: Type.Object({ recipients: Type.Array(Recipient) }),
  run: (ctx, task) =>
    ctx.driver.addPhishingRecipients(
      ctx,
      task.targetId,
      task.payload.recipients.map((recipient) => recipient.email),
      task.payload.recipients.map(({ email, first_name, last_name }) => ({
        email,
        first_name,
        last_name,
      })),
    ),
  async apply(tx, task, facts) {
    const campaign = await campaignOf(tx, task, true);
    await addCampaignRecipients(tx, campaign.id, task.payload.recipients);
    const n = facts.emails.length;
    return `${n} recipient${n === 1 ? ' was' : 's were'} added to ${campaign.name}.`;
  },
});

/**
 * Deletes a draft or scheduled campaign: a scheduled one's sending is called off on the platform
 * first; then the campaign goes with its recipients.
 */
export const deleteCampaignTask = defineTask({
  op: 'phishing.delete',
  label: () => 'Delete campaign',
  operation: () => 'delete',
  payload: Type.Object({ launched: Type.Boolean() }),
  async run(ctx, task) {
    if (!task.payload.launched) return { calledOff: false };
    await ctx.driver.endPhishingCampaign(ctx, task.targetId);
    return { calledOff: true };
  },
  async apply(tx, task, facts) {
    const campaign = await campaignOf(tx, task, true);
    await deleteCampaign(tx, task.tenantId, campaign.id);
    return facts.calledOff
      ? `The campaign ${campaign.name} was called off and deleted.`
      : `The campaign ${campaign.name} was deleted.`;
  },
});

export const PHISHING_TASKS = [
  launchCampaignTask,
  endCampaignTask,
  addRecipientsTask,
  deleteCampaignTask,
] as const;
