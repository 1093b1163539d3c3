// How the licence pages write days and seats.

const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2026-12-12` → `12 Dec 2026` (terms are UTC days). */
export const formatDay = (day: string): string => DAY.format(new Date(`${day}T00:00:00Z`));

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
