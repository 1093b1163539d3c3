// The real phishing platform: each recipient's message goes through the Mailer (SMTP), spread
// until the campaign's send-by time, with links to this server's tracking routes (tracking.ts).
// Its state lives in its own tables (mail_phishing_*), never the portal's. Campaigns it did not
// launch (the simulator's, or a tenant the provider keeps simulated) go to the simulator (ADR 025).
import type { Database, Queryable } from '../../../../db/database.ts';
import type { OperationContext } from '../../../../platform/driver.ts';
import type {
  ActivityEvent,
  ActivityFacts,
  AddedFacts,
  EndedFacts,
  LaunchFacts,
  PhishingDriver,
  PhishingLaunch,
  PhishingPerson,
} from '../../driver.ts';
import { launchedFacts, launchSchedule } from '../../driver.ts';
import { additionQueuedAt, completedAt, readPlatformCampaign } from '../platform-campaign.ts';
import { KEY_BYTES, randomToken, TRACKING_DAYS } from './message.ts';

export interface MailPhishingOptions {
  /** The From of campaign messages. */
  from: string;
  /** Tenant codes whose campaigns stay with the simulator. */
  simulatedTenants: readonly string[];
}

/** The person for each address: as the request named them, else the address alone. */
const named = (emails: readonly string[], people: readonly PhishingPerson[]): PhishingPerson[] =>
  emails.map(
    (email) =>
      people.find((person) => person.email === email) ?? { email, first_name: '', last_name: '' },
  );

/** Queues recipients: their messages are due evenly from `queuedAt` until `sendBy` (or at once). */
async function queue(
  db: Queryable,
  campaignId: number,
  people: readonly PhishingPerson[],
  queuedAt: Date,
  sendBy: Date | null,
): Promise<void> {
  if (people.length === 0) return;
  await db.query(
    `insert into mail_phishing_recipient (campaign_id, email, first_name, last_name, send_at)
     select $1, p.email, p.first_name, p.last_name,
            $3::timestamptz + coalesce($4::timestamptz - $3::timestamptz, interval '0')
                              * (p.position::float8 / $5)
       from json_to_recordset($2::json)
         as p(email text, first_name text, last_name text, position integer)
     on conflict (campaign_id, email) do nothing`,
    [
      campaignId,
      JSON.stringify(people.map((person, position) => ({ ...person, position }))),
      queuedAt,
      sendBy,
      people.length,
    ],
  );
}

export class PhishingMailDriver implements PhishingDriver {
  constructor(
    private readonly db: Database,
    private readonly simulator: PhishingDriver,
    private readonly options: MailPhishingOptions,
  ) {}

  private campaign(campaignId: number) {
    return readPlatformCampaign(this.db, 'mail_phishing_campaign', campaignId);
  }

  async launchPhishingCampaign(
    ctx: OperationContext,
    launch: PhishingLaunch,
  ): Promise<LaunchFacts> {
    if (this.options.simulatedTenants.includes(launch.tenantCdbId))
      return this.simulator.launchPhishingCampaign(ctx, launch);
    const { start, sendBy } = launchSchedule(launch);
    const people = named(launch.emails, launch.people);
    await this.db.transaction(async (tx) => {
      const inserted = await tx.query(
        `insert into mail_phishing_campaign (campaign_id, tenant_id, public_key, start_at, send_by,
                                             sender, subject, html, landing_html)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         on conflict (campaign_id) do nothing returning campaign_id`,
        [
          launch.campaignId,
          ctx.tenantId,
          randomToken(KEY_BYTES),
          start,
          sendBy,
          this.options.from,
          launch.message.subject,
          launch.message.html,
          launch.message.landingHtml,
        ],
      );
      // A re-run after a crash finds the campaign queued already and queues nothing again.
      if (inserted.length > 0) await queue(tx, launch.campaignId, people, start, sendBy);
    });
    return launchedFacts(await this.campaign(launch.campaignId));
  }

  async addPhishingRecipients(
    ctx: OperationContext,
    campaignId: number,
    emails: string[],
    people: PhishingPerson[] = [],
  ): Promise<AddedFacts> {
    const campaign = await this.campaign(campaignId);
    if (!campaign) return this.simulator.addPhishingRecipients(ctx, campaignId, emails, people);
    const queuedAt = additionQueuedAt(campaign);
    await queue(this.db, campaignId, named(emails, people), queuedAt, null);
    return { queuedAt: queuedAt.toISOString(), emails };
  }

  async endPhishingCampaign(ctx: OperationContext, campaignId: number): Promise<EndedFacts> {
    const rows = await this.db.query<{ ended_at: Date }>(
      `update mail_phishing_campaign set ended_at = coalesce(ended_at, now())
        where campaign_id = $1 returning ended_at`,
      [campaignId],
    );
    const row = rows[0];
    if (!row) return this.simulator.endPhishingCampaign(ctx, campaignId);
    return { endedAt: row.ended_at.toISOString() };
  }

  async phishingActivity(campaignId: number, now: number): Promise<ActivityFacts> {
    const campaign = await this.campaign(campaignId);
    if (!campaign) return this.simulator.phishingActivity(campaignId, now);
    const rows = await this.db.query<{
      email: string;
      sent_at: Date | null;
      opened_at: Date | null;
      clicked_at: Date | null;
      submitted_at: Date | null;
      reported_at: Date | null;
      pending: boolean;
    }>(
      `select email, sent_at, opened_at, clicked_at, submitted_at, reported_at,
              sent_at is null and failed_at is null as pending
         from mail_phishing_recipient where campaign_id = $1`,
      [campaignId],
    );
    const events: ActivityEvent[] = [];
    for (const row of rows) {
      for (const [kind, at] of [
        ['sent', row.sent_at],
        ['opened', row.opened_at],
        ['clicked', row.clicked_at],
        ['submitted', row.submitted_at],
        ['reported', row.reported_at],
      ] as const) {
        if (at && at.getTime() <= now)
          events.push({ email: row.email, kind, at: at.toISOString() });
      }
    }
    const windowEnd =
      Math.max(campaign.start_at.getTime(), campaign.send_by?.getTime() ?? 0) +
      TRACKING_DAYS * 86_400_000;
    return {
      started: now >= campaign.start_at.getTime(),
      completedAt: completedAt(campaign, now, windowEnd, !rows.some((row) => row.pending)),
      events,
    };
  }
}

export { PhishingMailSender } from './sender.ts';
export { default as phishingMailPlugin } from './plugin.ts';
