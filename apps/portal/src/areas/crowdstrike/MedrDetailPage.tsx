import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { MedrDetail } from '@portal/api/contract';
import { SENSOR_POLICY_LABELS } from '@portal/api/domain';
import { Button, Card, KeyValue } from '@portal/ui';
import { DetailPage, DetailStack, detailReadProps, type DetailTab } from '../../kit/DetailPage.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useManage } from '../../state/permissions.ts';
import { CROWDSTRIKE_PERMISSION } from './permission.ts';
import { DetectionsTab } from './DetectionsTab.tsx';
import { HOSTS_PARAM, HostsTab } from './HostsTab.tsx';
import { medrPath } from './paths.ts';
import { PolicyDialog } from './PolicyDialog.tsx';
import { crowdstrikeQueries } from './queries.ts';
import { SubscriptionStateChip } from './SubscriptionStateChip.tsx';
import { TotalsGrid } from './TotalsGrid.tsx';

function Overview({
  medr,
  lockedReason,
  onEditPolicy,
}: {
  medr: MedrDetail;
  lockedReason?: string;
  onEditPolicy: () => void;
}) {
  const latest = medr.releases[0];
  return (
    <DetailStack>
      <TotalsGrid
        totals={medr.totals}
        label={`${medr.name} figures`}
        links={{
          hosts: `${medrPath(medr.id)}?tab=hosts`,
          outdated: `${medrPath(medr.id)}?tab=hosts&${HOSTS_PARAM}=outdated`,
          stale: `${medrPath(medr.id)}?tab=hosts&${HOSTS_PARAM}=stale`,
          detections: `${medrPath(medr.id)}?tab=detections`,
        }}
      />
      <Card
        title="Sensor update policy"
        headingLevel={2}
        actions={
          <Button variant="outlined" disabledReason={lockedReason} onClick={onEditPolicy}>
            Edit policy
          </Button>
        }
      >
        <KeyValue
          items={[
            { label: 'Sensor version', value: SENSOR_POLICY_LABELS[medr.policy.mode] },
            ...(medr.policy.mode === 'pinned'
              ? [{ label: 'Pinned version', value: medr.policy.pinned_version ?? '' }]
              : []),
            { label: 'Hosts should run', value: medr.target_version ?? 'nothing released yet' },
            {
              label: 'Newest release',
              value: latest ? `${latest.version} (${formatDateTime(latest.released_at)})` : '',
            },
            {
              label: 'Uninstall protection',
              value: medr.policy.uninstall_protection ? 'On' : 'Off',
            },
          ]}
        />
      </Card>
    </DetailStack>
  );
}

/** `/crowdstrike/medr/{id}`: a Managed EDR subscription's hosts, detections and policy. */
export function MedrDetailPage() {
  const { id: idParam = '' } = useParams();
  const id = Number(idParam);
  const read = useQuery(crowdstrikeQueries.medr(id));
  const medr = read.data;
  const { canManage, readOnlyReason } = useManage(CROWDSTRIKE_PERMISSION);
  const lockedReason =
    readOnlyReason ?? (!canManage ? 'Checking what your role may change…' : undefined);
  const [editing, setEditing] = useState(false);

  const tabs: DetailTab[] = medr
    ? [
        {
          id: 'overview',
          label: 'Overview',
          content: (
            <Overview
              medr={medr}
              lockedReason={lockedReason}
              onEditPolicy={() => setEditing(true)}
            />
          ),
        },
        {
          id: 'hosts',
          label: `Hosts (${medr.totals.hosts})`,
          content: <HostsTab medrId={id} lockedReason={lockedReason} />,
        },
        {
          id: 'detections',
          label: 'Detections',
          content: <DetectionsTab medrId={id} lockedReason={lockedReason} />,
        },
      ]
    : [];

  return (
    <>
      <DetailPage
        listPath="/crowdstrike"
        listLabel="Endpoint security"
        noun="Managed EDR subscription"
        {...detailReadProps(read)}
        title={medr?.name ?? `Managed EDR ${idParam}`}
        loadingTitle={`Managed EDR ${idParam}`}
        status={medr && <SubscriptionStateChip state={medr.state} size="medium" />}
        description={
          medr && (
            <>
              Managed EDR · {medr.tenant_name}
              {readOnlyReason ? ` · ${readOnlyReason}` : ''}
            </>
          )
        }
        tabs={tabs}
        tabsLabel={medr ? `${medr.name} details` : undefined}
      />
      {editing && medr && <PolicyDialog medr={medr} onClose={() => setEditing(false)} />}
    </>
  );
}
