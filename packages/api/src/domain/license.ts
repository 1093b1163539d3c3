// The licence rules, in one place for the server and the portal: which term is in force and its
// state, how the machines a tenant runs take the seats of its subscriptions, and the sentences
// that refuse a change or warn about an expiry. Plain values and functions (no schema library).
import {
  LICENSE_EXPIRING_DAYS,
  type LicenseState,
  type SeatHolderKind,
} from '../contract/license-values.ts';

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day (UTC). */
export const dayNumber = (day: string): number =>
  Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
/** The `YYYY-MM-DD` of a day number. */
export const dayText = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** The UTC day of an instant. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

export interface LicenseTerm {
  term_start: string;
  term_end: string;
  /** Days from `today` to the term's last day; 0 on the last day, negative once expired. */
  days_left: number;
  state: LicenseState;
}

/**
 * The term in force on `today`. A subscription that renews automatically has renewed, for terms
 * of the same length, as often as its terms have ended; any other stays on its contracted term.
 */
export function currentTerm(
  subscription: { term_start: string; term_end: string; auto_renew: boolean },
  today: string,
): LicenseTerm {
  let start = dayNumber(subscription.term_start);
  let end = dayNumber(subscription.term_end);
  const now = dayNumber(today);
  if (subscription.auto_renew && now > end) {
    const length = end - start + 1;
    const renewals = Math.ceil((now - end) / length);
    start += renewals * length;
    end += renewals * length;
  }
  const daysLeft = end - now;
  return {
    term_start: dayText(start),
    term_end: dayText(end),
    days_left: daysLeft,
    state: licenseState(daysLeft),
  };
}

/** `expired` after the last day, `expiring` within 30 days of it, else `active`. */
export const licenseState = (daysLeft: number): LicenseState =>
  daysLeft < 0 ? 'expired' : daysLeft <= LICENSE_EXPIRING_DAYS ? 'expiring' : 'active';

export interface Holder {
  kind: SeatHolderKind;
  id: string;
  name: string;
}

export interface Seat extends Holder {
  pinned: boolean;
}

export interface SeatPin {
  subscription_id: number;
  kind: SeatHolderKind;
  holder_id: string;
}

export interface AllocatedSubscription {
  id: number;
  seats: number;
  /** The current term's last day and state (`currentTerm`). */
  term_end: string;
  state: LicenseState;
}

export interface Allocation {
  /** The seats each subscription's holders hold; over-use lands on the longest-running one. */
  seats: Map<number, Seat[]>;
  /** Holders with no subscription at all to count against (none that has not expired). */
  unseated: Holder[];
}

/**
 * How one product's holders take its subscriptions' seats. Expired subscriptions hold nothing. A
 * holder pinned to a subscription that has not expired holds a seat there; every other holder,
 * in the order given, takes a free seat of the subscription that runs longest (so the seats of
 * one about to expire stay free, which is what the expiry alert reports). Holders beyond every
 * free seat still count: against the longest-running subscription, which is then over-used.
 */
export function allocateSeats(
  subscriptions: readonly AllocatedSubscription[],
  holders: readonly Holder[],
  pins: readonly SeatPin[],
): Allocation {
  const live = subscriptions
    .filter((each) => each.state !== 'expired')
    .sort((a, b) => (a.term_end === b.term_end ? a.id - b.id : a.term_end < b.term_end ? 1 : -1));
  const seats = new Map<number, Seat[]>(subscriptions.map((each) => [each.id, []]));
  const liveIds = new Set(live.map((each) => each.id));
  const pinOf = new Map(pins.map((pin) => [`${pin.kind}:${pin.holder_id}`, pin.subscription_id]));
  const rest: Holder[] = [];
  for (const holder of holders) {
    const pinned = pinOf.get(`${holder.kind}:${holder.id}`);
    if (pinned !== undefined && liveIds.has(pinned)) {
      seats.get(pinned)?.push({ ...holder, pinned: true });
    } else rest.push(holder);
  }
  const unseated: Holder[] = [];
  for (const holder of rest) {
    const free = live.find((each) => (seats.get(each.id)?.length ?? 0) < each.seats) ?? live[0];
    if (free) seats.get(free.id)?.push({ ...holder, pinned: false });
    else unseated.push(holder);
  }
  return { seats, unseated };
}

/** Why the renewal setting of a subscription in `state` may not change, or null. */
export const renewalRefusal = (state: LicenseState): string | null =>
  state === 'expired'
    ? 'This subscription has expired; ask your account manager to renew it.'
    : null;

/** Why a seat of a subscription may not be pinned to one more holder, or null. */
export function pinRefusal(subscription: {
  state: LicenseState;
  seats: number;
  pinned: number;
}): string | null {
  if (subscription.state === 'expired')
    return 'This subscription has expired; its seats cannot be assigned.';
  if (subscription.pinned >= subscription.seats)
    return `All ${subscription.seats} seats of this subscription are already assigned to chosen machines.`;
  return null;
}

const days = (n: number) => (n === 0 ? 'today' : n === 1 ? 'tomorrow' : `in ${n} days`);

/**
 * The warning for a subscription that expires within 30 days with seats nobody holds, or null:
 * those seats can be dropped at renewal, or given to a machine before then.
 */
export function expiringUnassignedNotice(subscription: {
  product_name: string;
  reference: string;
  state: LicenseState;
  days_left: number;
  seats_contracted: number;
  seats_available: number;
}): string | null {
  if (subscription.state !== 'expiring' || subscription.seats_available <= 0) return null;
  const { seats_available: free, seats_contracted: all } = subscription;
  return `${subscription.product_name} (${subscription.reference}) expires ${days(subscription.days_left)} with ${free} of ${all} ${all === 1 ? 'seat' : 'seats'} unassigned.`;
}
