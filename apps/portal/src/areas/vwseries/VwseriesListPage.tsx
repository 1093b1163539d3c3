import { useCallback, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
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
  Spinner,
  StatusChip,
} from '@portal/ui';
import { useCan, useManageReason } from '../../state/permissions.ts';
import { tasks } from '../../state/tasks.ts';
import { useRemote } from '../compute/list/useRemote.ts';
import { vwseriesApi as createVwseriesApi } from '@portal/api/client';
import { getServices } from '../../services.ts';

const vwseriesApi = () => createVwseriesApi(getServices().api);
import { ServiceSummary } from './ServiceSummary.tsx';
import { formatRelative } from '../../lib/format.ts';

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
  const load = useCallback(() => vwseriesApi().list(), []);
  const { data, loading, error, reload } = useRemote(load);
  return (
    <>
      <PageHeader
        title="VW series"
        description="Your virtual-wire series services: what their VMs use, and how their backup runs."
      />
      {error ? (
        <ErrorState
          title="Your services could not be loaded"
          description={error}
          action={<Button onClick={reload}>Try again</Button>}
        />
      ) : !data ? (
        loading && <Spinner label="Loading your services" />
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
  const navigate = useNavigate();
  const [refreshing, setRefreshing] = useState(false);
  const canManage = useCan('vwseries', 'manage');
  const readOnlyReason = useManageReason('vwseries');
  const href = `/vwseries/${service.serviceid}`;
  const open = (event: MouseEvent) => {
    event.preventDefault();
    navigate(href);
  };
  const refresh = () => {
    setRefreshing(true);
    const done = () => setRefreshing(false);
    void tasks.run(
      {
        operation: `Refresh ${service.serviceid}`,
        kind: 'other',
        onSettled: done,
        onRequestError: done,
      },
      () => vwseriesApi().refresh(service.serviceid),
    );
  };
  return (
    <Card
      title={service.name}
      subtitle={
        <Meta>
          {service.serviceid} · {service.plan} · {service.location} · refreshed{' '}
          {formatRelative(service.refreshed_at)}
          <StatusChip status="info" label={`${service.vm_count} VMs`} />
        </Meta>
      }
      actions={
        <>
          <Button
            variant="outlined"
            leadingIcon={mdiRefresh}
            onClick={refresh}
            loading={refreshing}
            disabled={!canManage}
            title={readOnlyReason}
            aria-label={`Refresh ${service.serviceid}`}
          >
            Refresh
          </Button>
          <LinkButton href={href} onClick={open} variant="primary">
            Open {service.serviceid}
          </LinkButton>
        </>
      }
    >
      <ServiceSummary service={service} />
    </Card>
  );
}
