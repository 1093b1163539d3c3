// Small pieces the backup pages share: the state chip, the usage bar and the quota warning.
import styled from 'styled-components';
import {
  BACKUP_STATE_LABELS,
  type BackupState,
  type BackupTenantSummary,
} from '@portal/api/contract';
import { backupConcerns } from '@portal/api/domain';
import { Meter, StatusChip, visuallyHidden } from '@portal/ui';
import { formatSizeGb } from '../../lib/format.ts';

const STATE_KIND: Record<BackupState, string> = {
  creating: 'RUNNING',
  active: 'success',
  disabled: 'neutral',
  over_quota: 'error',
  failed: 'error',
};

export function BackupStateChip({ state }: { state: BackupState }) {
  return <StatusChip status={STATE_KIND[state]} label={BACKUP_STATE_LABELS[state]} />;
}

type Usage = Pick<BackupTenantSummary, 'name' | 'used_gb' | 'quota_gb' | 'warning_percent'>;

/** Storage used against the hard quota, amber from the warning threshold. */
export function UsageMeter({ tenant, compact = false }: { tenant: Usage; compact?: boolean }) {
  return (
    <Meter
      label={compact ? `Storage used by ${tenant.name}` : 'Storage used'}
      hideLabel={compact}
      size={compact ? 'small' : 'medium'}
      value={tenant.used_gb}
      max={tenant.quota_gb}
      warningAt={tenant.warning_percent}
      valueText={`${formatSizeGb(tenant.used_gb)} of ${formatSizeGb(tenant.quota_gb)}`}
    />
  );
}

const Warning = styled.p`
  margin: 4px 0 0;
  font-size: 0.8125rem;
  color: var(--ui-color-text-secondary);
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

/**
 * What needs attention now (the quota, a failed last job, the alerts reached), as sentences;
 * nothing while all is well. The detail's "Alerts" says the same (backupConcerns).
 */
export function QuotaWarnings({
  tenant,
  compact = false,
}: {
  tenant: BackupTenantSummary;
  /**
   * In a table cell (one line under the usage bar): a few words that fit, the full sentences
   * read out and in the tooltip. The detail page shows the sentences themselves.
   */
  compact?: boolean;
}) {
  const concerns = backupConcerns(tenant);
  if (concerns.length === 0) return null;
  const full = concerns.join(' ');
  if (!compact) return <Warning>{full}</Warning>;
  return (
    <Warning data-compact title={full}>
      <span aria-hidden="true">{shortConcern(tenant, concerns.length)}</span>
      <Hidden>{full}</Hidden>
    </Warning>
  );
}

/** The first concern in a few words, and how many more there are. */
function shortConcern(tenant: BackupTenantSummary, count: number): string {
  const percent = tenant.quota_gb > 0 ? Math.round((tenant.used_gb / tenant.quota_gb) * 100) : 0;
  const first =
    tenant.used_gb >= tenant.quota_gb
      ? 'Over quota: jobs will fail'
      : percent >= tenant.warning_percent
        ? `${percent} % used (warning at ${tenant.warning_percent} %)`
        : tenant.last_job?.result === 'failed'
          ? 'Last job failed'
          : tenant.last_job?.result === 'warning'
            ? 'Last job warned'
            : 'Alert reached';
  return count > 1 ? `${first} · ${count - 1} more` : first;
}

/** How an alert rule reads. */
export const alertText = (alert: { kind: 'percent' | 'gb'; value: number }) =>
  alert.kind === 'percent' ? `at ${alert.value} % of the quota` : `at ${formatSizeGb(alert.value)}`;
