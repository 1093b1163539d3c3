// Small pieces the backup pages share: the state chip, the usage bar and the quota warning.
import styled from 'styled-components';
import {
  BACKUP_STATE_LABELS,
  type BackupState,
  type BackupTenantSummary,
} from '@portal/api/contract';
import { quotaWarning } from '@portal/api/domain';
import { Meter, StatusChip } from '@portal/ui';
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

/** The soft/hard limit warning and the alerts reached, as sentences; nothing while all is well. */
export function QuotaWarnings({ tenant }: { tenant: BackupTenantSummary }) {
  const warning = quotaWarning(tenant.used_gb, tenant.quota_gb, tenant.warning_percent);
  const fired = tenant.alerts.filter((alert) => alert.triggered_at !== null);
  if (!warning && fired.length === 0) return null;
  return (
    <Warning>
      {warning}
      {fired.map((alert) => (
        <span key={`${alert.kind}${alert.value}`}>
          {' '}
          Alert reached: {alert.kind === 'percent' ? `${alert.value} %` : formatSizeGb(alert.value)}
          .
        </span>
      ))}
    </Warning>
  );
}

/** How an alert rule reads. */
export const alertText = (alert: { kind: 'percent' | 'gb'; value: number }) =>
  alert.kind === 'percent' ? `at ${alert.value} % of the quota` : `at ${formatSizeGb(alert.value)}`;
