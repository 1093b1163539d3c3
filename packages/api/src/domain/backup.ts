// Backup rules that the server and the portal both apply: each answers a sentence or null.
import type { QuotaAlertKind } from '../contract/backup-values.ts';

/** The share of the quota used, in percent (0 when there is no quota). */
export const usedPercent = (usedGb: number, quotaGb: number): number =>
  quotaGb > 0 ? (usedGb / quotaGb) * 100 : 0;

/** The used storage in GB at which an alert fires. */
export const alertThresholdGb = (
  alert: { kind: QuotaAlertKind; value: number },
  quotaGb: number,
): number => (alert.kind === 'percent' ? (quotaGb * alert.value) / 100 : alert.value);

/** Why an alert cannot be set, or null. */
export function quotaAlertRefusal(
  alert: { kind: QuotaAlertKind; value: number },
  quotaGb: number,
): string | null {
  if (alert.kind === 'percent' && alert.value > 100)
    return 'A percentage alert must be at most 100 %.';
  if (alert.kind === 'gb' && alert.value > quotaGb)
    return `An alert of ${alert.value} GB is above the quota of ${quotaGb} GB.`;
  return null;
}

/** The warning the portal shows for a backup tenant's usage, or null while below the soft limit. */
export function quotaWarning(
  usedGb: number,
  quotaGb: number,
  warningPercent: number,
): string | null {
  const percent = usedPercent(usedGb, quotaGb);
  if (usedGb >= quotaGb)
    return `Over the hard quota: ${formatGb(usedGb)} of ${quotaGb} GB used. The next job will fail.`;
  if (percent >= warningPercent)
    return `${Math.round(percent)} % of the quota used (warning at ${warningPercent} %).`;
  return null;
}

/** A GB figure with at most one decimal. */
export const formatGb = (gb: number): string => `${Math.round(gb * 10) / 10} GB`;

/** Why a typed confirmation does not match the name, or null. */
export const deleteConfirmationRefusal = (typed: string, name: string): string | null =>
  typed === name ? null : `Type ${name} to confirm.`;
