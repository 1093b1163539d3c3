// Backup rules that the server and the portal both apply: each answers a sentence or null.
import type { BackupJobResult, QuotaAlertKind } from '../contract/backup-values.ts';
import { formatSizeGb } from './size.ts';

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
    return `An alert at ${formatSizeGb(alert.value)} is above the quota of ${formatSizeGb(quotaGb)}.`;
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
    return `Over the hard quota: ${formatSizeGb(usedGb)} of ${formatSizeGb(quotaGb)} used. The next job will fail.`;
  if (percent >= warningPercent)
    return `${Math.round(percent)} % of the quota used (warning at ${warningPercent} %).`;
  return null;
}

/** What a backup tenant's overview and list call for attention to. */
export interface BackupConcernFacts {
  used_gb: number;
  quota_gb: number;
  warning_percent: number;
  last_job: { result: BackupJobResult; message: string } | null;
  alerts: readonly { kind: QuotaAlertKind; value: number; triggered_at: string | null }[];
}

/**
 * Everything about a backup tenant that needs someone's attention now, as sentences: the quota
 * (over it, or past the warning), a last job that failed or warned, and the alerts reached. The
 * list and the detail both show these, so "Alerts: None" never sits beside an over-quota tenant
 * whose last job failed. Empty while all is well.
 */
export function backupConcerns(tenant: BackupConcernFacts): string[] {
  const concerns: string[] = [];
  const quota = quotaWarning(tenant.used_gb, tenant.quota_gb, tenant.warning_percent);
  if (quota) concerns.push(quota);
  if (tenant.last_job?.result === 'failed')
    concerns.push(`The last job failed: ${tenant.last_job.message}`);
  else if (tenant.last_job?.result === 'warning')
    concerns.push(`The last job ended with a warning: ${tenant.last_job.message}`);
  for (const alert of tenant.alerts)
    if (alert.triggered_at !== null)
      concerns.push(
        alert.kind === 'percent'
          ? `Alert reached: ${alert.value} % of the quota used.`
          : `Alert reached: ${formatSizeGb(alert.value)} used.`,
      );
  return concerns;
}

/** Why a typed confirmation does not match the name, or null. */
export const deleteConfirmationRefusal = (typed: string, name: string): string | null =>
  typed === name ? null : `Type ${name} to confirm.`;
