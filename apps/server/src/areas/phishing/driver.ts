import { Type, type Static } from 'typebox';
import { DriverError, type OperationContext } from '../../platform/driver.ts';

/** When the platform starts sending (now, or the campaign's later launch time). */
export const LaunchFacts = Type.Object({ startAt: Type.String() });
export type LaunchFacts = Static<typeof LaunchFacts>;

/** The addresses queued, and when. */
export const AddedFacts = Type.Object({
  queuedAt: Type.String(),
  emails: Type.Array(Type.String()),
});
export type AddedFacts = Static<typeof AddedFacts>;

/** When the platform stopped sending and tracking. */
export const EndedFacts = Type.Object({ endedAt: Type.String() });
export type EndedFacts = Static<typeof EndedFacts>;

export const ActivityEvent = Type.Object({
  email: Type.String(),
  kind: Type.Union([
    Type.Literal('sent'),
    Type.Literal('opened'),
    Type.Literal('clicked'),
    Type.Literal('submitted'),
    Type.Literal('reported'),
  ]),
  at: Type.String(),
});
export type ActivityEvent = Static<typeof ActivityEvent>;

/** What has happened in a campaign so far, as the mail platform tracked it. */
export interface ActivityFacts {
  /** Sending has started. */
  started: boolean;
  /** Nothing more will happen: ended, or every recipient's window has passed; and when. */
  completedAt: string | null;
  events: ActivityEvent[];
}

/** What each recipient's message is made from (the campaign's template and landing page). */
export interface PhishingMessage {
  subject: string;
  /** The template's HTML, with `{{first_name}}`, `{{last_name}}`, `{{email}}`, `{{link}}`. */
  html: string;
  /** The landing page's HTML: what a click opens. */
  landingHtml: string;
}

export interface PhishingPerson {
  email: string;
  first_name: string;
  last_name: string;
}

export interface PhishingLaunch {
  campaignId: number;
  /** The tenant's code: the provider chooses per tenant which platform sends (ADR 025). */
  tenantCdbId: string;
  /** The campaign's launch time, or null for now. */
  launchAt: string | null;
  /** Messages are spread evenly until then (null: all at once). */
  sendBy: string | null;
  emails: string[];
  /** The recipients with their names, for the message's greeting. */
  people: PhishingPerson[];
  message: PhishingMessage;
}

/**
 * When a launch's messages go out: from its launch time, or now where that has passed, until
 * its `sendBy`. An empty recipient group is refused.
 */
export function launchSchedule(launch: PhishingLaunch): { start: Date; sendBy: Date | null } {
  if (launch.emails.length === 0) throw new DriverError('The recipient group is empty.');
  const now = Date.now();
  const wanted = launch.launchAt ? Date.parse(launch.launchAt) : now;
  return {
    start: new Date(Math.max(wanted, now)),
    sendBy: launch.sendBy ? new Date(launch.sendBy) : null,
  };
}

/** What a platform reports of a launched campaign, read back once it is queued. */
export function launchedFacts(campaign: { start_at: Date } | null): LaunchFacts {
  if (!campaign) throw new DriverError('The mail platform lost the campaign.');
  return { startAt: campaign.start_at.toISOString() };
}

/**
 * The phishing simulation platform (GoPhish, Defender attack simulation): it sends the messages,
 * tracks opens, clicks, submitted data and reports. Idempotent per `ctx.taskId`.
 */
export interface PhishingDriver {
  launchPhishingCampaign(ctx: OperationContext, launch: PhishingLaunch): Promise<LaunchFacts>;
  addPhishingRecipients(
    ctx: OperationContext,
    campaignId: number,
    emails: string[],
    people?: PhishingPerson[],
  ): Promise<AddedFacts>;
  endPhishingCampaign(ctx: OperationContext, campaignId: number): Promise<EndedFacts>;
  /** What has happened in the campaign up to `now` (milliseconds since the epoch). */
  phishingActivity(campaignId: number, now: number): Promise<ActivityFacts>;
}
