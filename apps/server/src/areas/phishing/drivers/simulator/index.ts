import { setTimeout as sleep } from 'node:timers/promises';
import type { Database, Queryable } from '../../../../db/database.ts';
import { DriverError, type OperationContext } from '../../../../platform/driver.ts';
import type {
  ActivityEvent,
  ActivityFacts,
  AddedFacts,
  EndedFacts,
  LaunchFacts,
  PhishingDriver,
  PhishingLaunch,
} from '../../driver.ts';
import { launchedFacts, launchSchedule } from '../../driver.ts';
import { additionQueuedAt, completedAt, readPlatformCampaign } from '../platform-campaign.ts';
import { BEHAVIOUR_WINDOW_MS, behaviourOf, sendTime } from './behaviour.ts';

/** Seconds the platform takes to accept a launch or an end, at speed 1. */
export const OPERATION_SECONDS = 2;

interface SimRecipient {
  email: string;
  position: number;
  batch_size: number;
  queued_at: Date;
  batch_send_by: Date | null;
}

/** Queues addresses for sending (already queued ones keep their place). */
async function queue(
  db: Queryable,
  campaignId: number,
  emails: readonly string[],
  queuedAt: Date,
  sendBy: Date | null,
): Promise<void> {
  if (emails.length === 0) return;
  await db.query(
    `insert into sim_phishing_recipient (campaign_id, email, position, batch_size, queued_at,
                                         batch_send_by)
     select $1, e.email, e.position, $3, $4, $5
       from json_to_recordset($2::json) as e(email text, position integer)
     on conflict (campaign_id, email) do nothing`,
    [
      campaignId,
      JSON.stringify(emails.map((email, position) => ({ email, position }))),
      emails.length,
      queuedAt,
      sendBy,
    ],
  );
}

/**
 * Seeds a campaign that was launched at `startAt` (demo data): what a launch task would have
 * recorded, without waiting.
 */
export async function seedSimulatedCampaign(
  db: Queryable,
  campaign: { campaignId: number; tenantId: number; startAt: Date; sendBy: Date | null },
  emails: readonly string[],
): Promise<void> {
  await db.query(
    `insert into sim_phishing_campaign (campaign_id, tenant_id, start_at, send_by)
     values ($1, $2, $3, $4) on conflict (campaign_id) do nothing`,
    [campaign.campaignId, campaign.tenantId, campaign.startAt, campaign.sendBy],
  );
  await queue(db, campaign.campaignId, emails, campaign.startAt, campaign.sendBy);
}

/**
 * The simulated phishing platform: no message leaves the machine. It records what it was asked to
 * send and when; what each recipient does is computed from the campaign, the address and the
 * clock (`behaviour.ts`), its delays divided by the speed factor, so a running campaign
 * progresses over minutes and a restart changes nothing.
 */
export class PhishingSimulator implements PhishingDriver {
  constructor(
    private readonly db: Database,
    private readonly options: { speed: number },
  ) {}

  private wait(ctx: OperationContext) {
    return sleep((OPERATION_SECONDS * 1000) / this.options.speed, undefined, {
      signal: ctx.signal,
    });
  }

  private campaign(campaignId: number) {
    return readPlatformCampaign(this.db, 'sim_phishing_campaign', campaignId);
  }

  async launchPhishingCampaign(
    ctx: OperationContext,
    launch: PhishingLaunch,
  ): Promise<LaunchFacts> {
    await this.wait(ctx);
    const { start, sendBy } = launchSchedule(launch);
    await this.db.transaction(async (tx) => {
      const inserted = await tx.query(
        `insert into sim_phishing_campaign (campaign_id, tenant_id, start_at, send_by)
         values ($1, $2, $3, $4) on conflict (campaign_id) do nothing returning campaign_id`,
        [launch.campaignId, ctx.tenantId, start, sendBy],
      );
      // A re-run after a crash finds the campaign queued already and queues nothing again.
      if (inserted.length === 0) return;
      await queue(tx, launch.campaignId, launch.emails, start, sendBy);
    });
    return launchedFacts(await this.campaign(launch.campaignId));
  }

  async addPhishingRecipients(
    ctx: OperationContext,
    campaignId: number,
    emails: string[],
  ): Promise<AddedFacts> {
    const campaign = await this.campaign(campaignId);
    if (!campaign) throw new DriverError('The mail platform has no such campaign.');
    const queuedAt = additionQueuedAt(campaign);
    await queue(this.db, campaignId, emails, queuedAt, null);
    const rows = await this.db.query<{ queued_at: Date }>(
      `select max(queued_at) as queued_at from sim_phishing_recipient
        where campaign_id = $1 and email = any($2::text[])`,
      [campaignId, emails],
    );
    return { queuedAt: (rows[0]?.queued_at ?? queuedAt).toISOString(), emails };
  }

  async endPhishingCampaign(ctx: OperationContext, campaignId: number): Promise<EndedFacts> {
    await this.wait(ctx);
    const rows = await this.db.query<{ ended_at: Date }>(
      `update sim_phishing_campaign set ended_at = coalesce(ended_at, now())
        where campaign_id = $1 returning ended_at`,
      [campaignId],
    );
    const row = rows[0];
    if (!row) throw new DriverError('The mail platform has no such campaign.');
    return { endedAt: row.ended_at.toISOString() };
  }

  async phishingActivity(campaignId: number, now: number): Promise<ActivityFacts> {
    const campaign = await this.campaign(campaignId);
    if (!campaign) return { started: false, completedAt: null, events: [] };
    const recipients = await this.db.query<SimRecipient>(
      `select email, position, batch_size, queued_at, batch_send_by from sim_phishing_recipient
        where campaign_id = $1 order by queued_at, position`,
      [campaignId],
    );
    const cutoff = Math.min(now, campaign.ended_at?.getTime() ?? Infinity);
    const speed = this.options.speed;
    const events: ActivityEvent[] = [];
    let lastPossible = campaign.start_at.getTime();
    for (const r of recipients) {
      const sent = sendTime(
        r.queued_at.getTime(),
        r.batch_send_by?.getTime() ?? null,
        r.position,
        r.batch_size,
      );
      lastPossible = Math.max(lastPossible, sent + BEHAVIOUR_WINDOW_MS / speed);
      if (sent > cutoff) continue;
      events.push({ email: r.email, kind: 'sent', at: new Date(sent).toISOString() });
      const behaviour = behaviourOf(campaignId, r.email);
      for (const kind of ['opened', 'clicked', 'submitted', 'reported'] as const) {
        const after = behaviour[kind];
        if (after === null) continue;
        const at = sent + Math.round(after / speed);
        if (at <= cutoff) events.push({ email: r.email, kind, at: new Date(at).toISOString() });
      }
    }
    return {
      started: now >= campaign.start_at.getTime(),
      completedAt: completedAt(campaign, now, lastPossible),
      events,
    };
  }
}
