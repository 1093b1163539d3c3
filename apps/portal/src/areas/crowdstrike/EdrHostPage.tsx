import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { mdiLanConnect, mdiLanDisconnect } from '@mdi/js';
import { containmentRefusal } from '@portal/api/domain';
import { Button, Card, KeyValue, StatusChip } from '@portal/ui';
import { DetailPage, DetailStack, detailReadProps } from '../../kit/DetailPage.tsx';
import { useResourceBusy } from '../../kit/useTaskAction.ts';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { useManage } from '../../state/permissions.ts';
import { DetectionsTab } from './DetectionsTab.tsx';
import {
  ContainmentDialog,
  HostStatus,
  hostResource,
  type PendingContainment,
} from './HostsTab.tsx';
import { medrPath } from './paths.ts';
import { CROWDSTRIKE_PERMISSION } from './permission.ts';
import { crowdstrikeQueries } from './queries.ts';

/** `/crowdstrike/medr/{id}/hosts/{hostId}`: one host, its sensor, containment and detections. */
export function EdrHostPage() {
  const { id: idParam = '', hostId: hostParam = '' } = useParams();
  const id = Number(idParam);
  const hostId = Number(hostParam);
  const read = useQuery(crowdstrikeQueries.host(id, hostId));
  const data = read.data;
  const { canManage, readOnlyReason } = useManage(CROWDSTRIKE_PERMISSION);
  const onHost = useResourceBusy(hostResource(hostId));
  const lockedReason =
    readOnlyReason ??
    (!canManage
      ? 'Checking what your role may change…'
      : onHost.busy
        ? 'A task is running on this host: wait for it to end.'
        : undefined);
  const [pending, setPending] = useState<PendingContainment | null>(null);
  const host = data?.host;
  const operation = host?.status === 'contained' ? 'lift' : 'contain';

  return (
    <DetailPage
      listPath={`${medrPath(id)}?tab=hosts`}
      listLabel={data?.subscription_name ?? 'Hosts'}
      noun="host"
      {...detailReadProps(read)}
      title={host?.hostname ?? `Host ${hostParam}`}
      loadingTitle={`Host ${hostParam}`}
      status={host && <HostStatus host={host} size="medium" />}
      description={
        host && (
          <>
            {host.kind === 'vm' ? 'Virtual machine' : 'Endpoint'} · {host.os}
            {readOnlyReason ? ` · ${readOnlyReason}` : ''}
          </>
        )
      }
      actions={
        host && (
          <Button
            variant={operation === 'contain' ? 'danger' : 'outlined'}
            leadingIcon={operation === 'contain' ? mdiLanDisconnect : mdiLanConnect}
            disabledReason={lockedReason ?? containmentRefusal(operation, host.status) ?? undefined}
            onClick={() => setPending({ host, operation })}
          >
            {operation === 'contain' ? 'Contain' : 'Lift containment'}
          </Button>
        )
      }
    >
      {host && data && (
        <DetailStack>
          <Card title="Sensor" headingLevel={2}>
            <KeyValue
              items={[
                {
                  label: 'Sensor version',
                  value: host.outdated ? (
                    <span>
                      {host.sensor_version} <StatusChip status="warning" label="Outdated" />
                    </span>
                  ) : (
                    host.sensor_version
                  ),
                },
                {
                  label: 'Last seen',
                  value: `${formatRelative(host.last_seen)} (${formatDateTime(host.last_seen)})${host.stale ? ' · stale: no check-in for an hour or more' : ''}`,
                },
                { label: 'Operating system', value: host.os },
                { label: 'Subscription', value: data.subscription_name },
              ]}
            />
          </Card>
          <Card title="Detections" headingLevel={2}>
            <DetectionsTab medrId={id} hostId={hostId} lockedReason={lockedReason} />
          </Card>
          <ContainmentDialog medrId={id} pending={pending} onClose={() => setPending(null)} />
        </DetailStack>
      )}
    </DetailPage>
  );
}
