// The one way sizes are written, by the portal and in the server's sentences alike: binary steps
// of 1024 named MB, GB, TB, PB (as the platform counts), at most one decimal. So a quota of
// 2000 GB reads "2 TB" in a sentence, in a table and on a chart (packages/ui writes bytes the
// same way), never "2000 GB" in one place and "1.95 TiB" in another.

const UNITS = ['MB', 'GB', 'TB', 'PB'] as const;

/** At most one decimal, none when whole: 4 → "4", 0.5 → "0.5", 1.25 → "1.3". */
const number = (value: number) => String(Math.round(value * 10) / 10);

/**
 * A size given in megabytes (VM memory), in the largest unit that keeps it at least 1:
 * 512 → "512 MB", 4096 → "4 GB", 1572864 → "1.5 TB".
 */
export function formatSizeMb(mb: number): string {
  if (!Number.isFinite(mb)) return '';
  let value = mb;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${number(value)} ${UNITS[unit] ?? 'MB'}`;
}

/**
 * A size given in gigabytes (disks, quotas): 60 → "60 GB", 2048 → "2 TB", 2000 → "2 TB", and
 * nothing as "0 GB" (not "0 MB").
 */
export const formatSizeGb = (gb: number): string => (gb === 0 ? '0 GB' : formatSizeMb(gb * 1024));
