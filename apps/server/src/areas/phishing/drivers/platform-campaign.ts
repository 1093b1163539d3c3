// What the phishing platforms (the mail driver and the simulator) share about a campaign as each
// keeps it in its own tables: reading it, when added recipients are queued, when it completed.
import type { Queryable } from '../../../db/database.ts';
import { DriverError } from '../../../platform/driver.ts';

/** A campaign as a platform keeps it: when it starts sending, sends by, and ended early. */
export interface PlatformCampaign {
  start_at: Date;
  send_by: Date | null;
  ended_at: Date | null;
}

/** A platform's campaign, read from the platform's own table, or null when it has none. */
export async function readPlatformCampaign(
  db: Queryable,
  table: 'mail_phishing_campaign' | 'sim_phishing_campaign',
  campaignId: number,
): Promise<PlatformCampaign | null> {
  const rows = await db.query<PlatformCampaign>(
    `select start_at, send_by, ended_at from ${table} where campaign_id = $1`,
    [campaignId],
  );
  return rows[0] ?? null;
}

/**
 * When recipients added to a campaign now are queued: now, or at its start if it has not begun;
 * refused once the campaign has ended.
 */
export function additionQueuedAt(campaign: PlatformCampaign): Date {
  if (campaign.ended_at)
    throw new DriverError('The campaign has ended; no more messages are sent.');
  return new Date(Math.max(Date.now(), campaign.start_at.getTime()));
}

/**
 * When a campaign completed, as an ISO time, or null while it runs: when it was ended early, else
 * at `lastActivity` (ms) once `now` is past it and `settled` (nothing is left to send).
 */
export function completedAt(
  campaign: PlatformCampaign,
  now: number,
  lastActivity: number,
  settled = true,
): string | null {
  if (campaign.ended_at) return campaign.ended_at.toISOString();
  return now >= lastActivity && settled ? new Date(lastActivity).toISOString() : null;
}
