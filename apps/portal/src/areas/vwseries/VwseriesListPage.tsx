import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { mdiRefresh, mdiServerNetwork } from '@mdi/js';
import type { VwseriesService } from '@portal/api/contract';
import {
  Button,
  Card,
  EmptyState,
  ErrorState,
  LinkButton,
  PageHeader,
  StatusChip,
} from '@portal/ui';
import { useManage } from '../../state/permissions.ts';
import { ListSkeleton } from '../../kit/ListPage.tsx';
import { queryErrorText } from '../../kit/queryError.ts';
import { useTaskAction } from '../../kit/useTaskAction.ts';
import { refreshService, vwseriesKeys, vwseriesQueries } from './queries.ts';
import { VWSERIES_PERMISSION } from './permission.ts';
import { ServiceSummary } from './ServiceSummary.tsx';
import { formatDateTime, formatRelative } from '../../lib/format.ts';

const Grid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 420px), 1fr));
`;

const Meta = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  flex-wrap: wrap;
`;

/** `/vwseries`: the tenant's virtual-wire series services, with usage and backup at a glance. */
export function VwseriesListPage() {
  const { data, error, refetch } = useQuery(vwseriesQueries.list());
  return (
    <>
      <PageHeader
        title="VW series"
        description="Your virtual-wire series services: what their VMs use, and how their backup runs."
      />
      {error ? (
        <ErrorState
          title="Your services could not be loaded"
          description={queryErrorText(error)}
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      ) : !data ? (
        <ListSkeleton label="Loading your services" rows={3} />
      ) : data.length === 0 ? (
        <EmptyState
          icon={mdiServerNetwork}
          title="No VW series services"
          description="Services your tenant contracts appear here."
        />
      ) : (
        <Grid>
          {data.map((service) => (
            <ServiceCard key={service.serviceid} service={service} />
          ))}
        </Grid>
      )}
    </>
  );
}

function ServiceCard({ service }: { service: VwseriesService }) {
  const { canManage, readOnlyReason } = useManage(VWSERIES_PERMISSION);
  const href = `/vwseries/${service.serviceid}`;
  const refresh = useTaskAction({
    operation: `Refresh ${service.serviceid}`,
    kind: 'other',
    resource: `vwseries:${service.serviceid}`,
    invalidates: [vwseriesKeys.all],
    runningLabel: 'Refreshing…',
  });
  return (
    <Card
      title={service.name}
      subtitle={
        <Meta>
          {service.serviceid} · {service.plan} · {service.location} · refreshed{' '}
          <span title={formatDateTime(service.refreshed_at)}>
            {formatRelative(service.refreshed_at)}
          </span>
          <StatusChip status="info" label={`${service.vm_count} VMs`} />
        </Meta>
      }
      actions={
        <>
          <Button
            variant="outlined"
            leadingIcon={mdiRefresh}
            onClick={() => void refresh.run(() => refreshService(service.serviceid))}
            loading={refresh.busy}
            disabled={!canManage}
            title={readOnlyReason}
            aria-label={`Refresh ${service.serviceid}`}
          >
            Refresh
          </Button>
          <LinkButton href={href} variant="primary">
            Open {service.serviceid}
          </LinkButton>
        </>
      }
    >
      <ServiceSummary service={service} />
    </Card>
  );
}
