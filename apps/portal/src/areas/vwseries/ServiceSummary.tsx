import styled from 'styled-components';
import type { VwseriesService, VwseriesUsage } from '@portal/api/contract';
import { Alert, KeyValue, Skeleton, StatusChip } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { queryErrorText } from '../../kit/queryError.ts';
import { formatDateTime, formatSizeGb } from '../../lib/format.ts';
import { vwseriesQueries } from './queries.ts';

const Parts = styled.div`
  display: grid;
  gap: 16px;
`;

const Heading = styled.h3`
  margin: 0 0 8px;
  font-size: 0.9375rem;
`;

const Meters = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const MeterRow = styled.li`
  display: grid;
  grid-template-columns: 70px minmax(0, 1fr) 9.5em;
  align-items: center;
  gap: 12px;
  font-size: 0.875rem;
  meter {
    width: 100%;
    height: 10px;
  }
  & > span:last-child {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
`;

const RESULT_CHIP = { success: 'success', warning: 'warning', failure: 'error' } as const;

function Meter({
  label,
  used,
  limit,
  unit,
}: {
  label: string;
  used: number;
  limit: number;
  unit: string;
}) {
  return (
    <MeterRow>
      <span>{label}</span>
      <meter min={0} max={limit} value={used} aria-label={`${label} used`} high={limit * 0.85} />
      <span>
        {used} of {limit} {unit}
      </span>
    </MeterRow>
  );
}

function Usage({ usage }: { usage: VwseriesUsage }) {
  return (
    <Meters>
      <Meter label="vCPU" used={usage.vcpus.used} limit={usage.vcpus.limit} unit="vCPU" />
      <Meter label="Memory" used={usage.memory_gb.used} limit={usage.memory_gb.limit} unit="GB" />
      <Meter label="Disk" used={usage.disk_gb.used} limit={usage.disk_gb.limit} unit="GB" />
    </Meters>
  );
}

/** A service's usage (`/usage`) and backup (`/backup`), each loading on its own. */
export function ServiceSummary({ service }: { service: VwseriesService }) {
  const id = service.serviceid;
  const usage = useQuery(vwseriesQueries.usage(id));
  const backup = useQuery(vwseriesQueries.backup(id));
  const result = backup.data?.last_result ?? null;
  return (
    <Parts>
      <section aria-label={`Usage of ${id}`}>
        <Heading>
          Usage
          {usage.data && ` · ${usage.data.powered_on} of ${usage.data.vm_count} VMs powered on`}
        </Heading>
        {usage.error ? (
          <Alert kind="error">{queryErrorText(usage.error)}</Alert>
        ) : usage.data ? (
          <Usage usage={usage.data} />
        ) : (
          <Skeleton lines={3} />
        )}
      </section>
      <section aria-label={`Backup of ${id}`}>
        <Heading>Backup</Heading>
        {backup.error ? (
          <Alert kind="error">{queryErrorText(backup.error)}</Alert>
        ) : backup.data ? (
          <KeyValue
            columns={2}
            items={[
              { label: 'Policy', value: backup.data.policy },
              { label: 'Retention', value: `${backup.data.retention_days} days` },
              { label: 'Last backup', value: formatDateTime(backup.data.last_backup_at) },
              {
                label: 'Last result',
                value: result ? (
                  <StatusChip
                    status={RESULT_CHIP[result]}
                    label={result[0]?.toUpperCase() + result.slice(1)}
                  />
                ) : (
                  'none yet'
                ),
              },
              {
                label: 'Backed-up size',
                // Nothing is backed up before the first run, whatever the disks hold.
                value: backup.data.last_backup_at ? formatSizeGb(backup.data.size_gb) : 'none yet',
              },
            ]}
          />
        ) : (
          <Skeleton lines={3} />
        )}
      </section>
    </Parts>
  );
}
