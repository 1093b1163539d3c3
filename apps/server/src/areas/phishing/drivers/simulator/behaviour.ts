// How a simulated recipient behaves: decided once by a hash of the campaign and the address, so
// the same campaign plays out the same way after a restart or on another server.
import { createHash } from 'node:crypto';

/** Milliseconds after sending (at speed 1) at which each thing happens, or null if it does not. */
export interface Behaviour {
  opened: number | null;
  clicked: number | null;
  submitted: number | null;
  reported: number | null;
}

/** Everything a recipient does happens within this long of the message being sent (speed 1). */
export const BEHAVIOUR_WINDOW_MS = 20 * 60_000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Eight numbers in [0, 1) from the campaign and the address. */
function uniforms(campaignId: number, email: string): number[] {
  const digest = createHash('sha256').update(`${campaignId}\n${email.toLowerCase()}`).digest();
  return Array.from({ length: 8 }, (_, i) => digest.readUInt32BE(i * 4) / 2 ** 32);
}

/**
 * About two in three open the message (within 8 minutes), nearly half of those click (within
 * 3 minutes), half of the clickers type something into the landing page; some who opened report
 * it (more often those who did not click).
 */
export function behaviourOf(campaignId: number, email: string): Behaviour {
  const [u0 = 0, u1 = 0, u2 = 0, u3 = 0, u4 = 0, u5 = 0, u6 = 0, u7 = 0] = uniforms(
    campaignId,
    email,
  );
  const opened = u0 < 0.65 ? 30 * SECOND + Math.floor(u1 * 8 * MINUTE) : null;
  const clicked =
    opened !== null && u2 < 0.45 ? opened + 10 * SECOND + Math.floor(u3 * 3 * MINUTE) : null;
  const submitted =
    clicked !== null && u4 < 0.5 ? clicked + 5 * SECOND + Math.floor(u5 * 55 * SECOND) : null;
  const reports = opened !== null && u6 < (clicked === null ? 0.35 : 0.15);
  const reported =
    reports && opened !== null ? opened + MINUTE + Math.floor(u7 * 9 * MINUTE) : null;
  return { opened, clicked, submitted, reported };
}

/** When a queued message is sent: spread evenly from its queueing to the send-by time. */
export function sendTime(
  queuedAt: number,
  sendBy: number | null,
  position: number,
  batchSize: number,
): number {
  if (sendBy === null || sendBy <= queuedAt || batchSize <= 1) return queuedAt;
  return queuedAt + Math.floor(((sendBy - queuedAt) * position) / batchSize);
}
