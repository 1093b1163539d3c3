// How the licence pages write days and seats. Days are written as everywhere else (the
// portal's formatter), not in a format of their own.
export { formatDay } from '../../lib/format.ts';

/** `in 18 days`, `tomorrow`, `today`, `12 days ago`. */
export const inDays = (days: number): string =>
  days === 0
    ? 'today'
    : days === 1
      ? 'tomorrow'
      : days > 0
        ? `in ${days} days`
        : days === -1
          ? 'yesterday'
          : `${-days} days ago`;

/** `1 seat`, `4 seats`. */
export const seats = (n: number): string => `${n} ${n === 1 ? 'seat' : 'seats'}`;

/**
 * Seats used against those in force, the one way the summary and the table write them:
 * "2 of 6", "3 of 1 (2 over)", "0 of 0 (5 ended)". Expired seats are never counted as in force.
 */
export function seatFigure(
  figures: { used: number; inForce: number; over?: number; ended?: number },
  /** Words after the figure, before the notes: " seats used". */
  words = '',
): string {
  const notes = [
    figures.over ? `${figures.over} over` : '',
    figures.ended ? `${figures.ended} ended` : '',
  ].filter(Boolean);
  return `${figures.used} of ${figures.inForce}${words}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
}
