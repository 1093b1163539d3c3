import { useState } from 'react';
import { mdiEmailAlert, mdiFileUpload, mdiPlus } from '@mdi/js';
import type { PhishingCampaign } from '@portal/api/contract';
import { campaignDeleteRefusal } from '@portal/api/domain';
import { Button, EmptyState, type DataTableColumn } from '@portal/ui';
import { deleteRowAction } from '../../kit/deleteRowAction.ts';
import { ListPage } from '../../kit/ListPage.tsx';
import { lazyDialog, lazyPart } from '../../kit/lazyPart.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useManage } from '../../state/permissions.ts';
import { Library } from './Library.tsx';
import { PhishingFigures } from './PhishingFigures.tsx';
import { CampaignStateChip, rateOf, stateLabel } from './parts.tsx';
import { PHISHING_PERMISSION } from './permission.ts';
import { campaignPaged, phishingQueries } from './queries.ts';
import { campaignResource } from './campaignResource.ts';

// The dialogs' forms load once the list is up, not before its rows.
const NewCampaignDialog = lazyDialog(() => import('./NewCampaignDialog.tsx'), 'NewCampaignDialog');
const ImportGroupDialog = lazyDialog(() => import('./ImportGroupDialog.tsx'), 'ImportGroupDialog');
const DeleteCampaignDialog = lazyPart(
  () => import('./DeleteCampaignDialog.tsx'),
  'DeleteCampaignDialog',
);

const COLUMNS: DataTableColumn<PhishingCampaign>[] = [
  { id: 'name', header: 'Name', accessor: 'name', sortable: true },
  {
    id: 'state',
    priority: 1,
    header: 'State',
    accessor: (row) => stateLabel(row.state),
    cell: (row) => <CampaignStateChip state={row.state} />,
    filter: 'select',
    filterOptions: ['Draft', 'Scheduled', 'Running', 'Finished'],
  },
  {
    id: 'launched',
    priority: 3,
    header: 'Launched',
    accessor: (row) => row.launched_at ?? row.launch_at ?? '',
    cell: (row) => formatDateTime(row.launched_at ?? row.launch_at, 'not yet'),
    sortable: true,
  },
  {
    id: 'recipients',
    priority: 3,
    header: 'Recipients',
    accessor: (row) => row.counts.recipients,
    align: 'end',
  },
  {
    id: 'opened',
    priority: 4,
    header: 'Opened',
    accessor: (row) => rateOf(row, 'opened'),
    align: 'end',
  },
  {
    id: 'clicked',
    priority: 2,
    header: 'Clicked',
    accessor: (row) => rateOf(row, 'clicked'),
    align: 'end',
  },
  {
    id: 'submitted',
    priority: 2,
    header: 'Submitted',
    accessor: (row) => rateOf(row, 'submitted'),
    align: 'end',
  },
  {
    id: 'reported',
    priority: 3,
    header: 'Reported',
    accessor: (row) => rateOf(row, 'reported'),
    align: 'end',
  },
  {
    id: 'template',
    priority: 5,
    header: 'Template',
    accessor: (row) => row.template.name,
    defaultHidden: true,
  },
];

/** `/phishing-prevention`: the campaigns with their rates, and the tenant-wide figures. */
export function PhishingListPage() {
  const { canManage, readOnlyReason: readOnly } = useManage(PHISHING_PERMISSION);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<PhishingCampaign | null>(null);
  return (
    <ListPage
      listId="phishing-campaigns"
      title="Phishing prevention"
      description="Simulated phishing campaigns that train your staff to spot and report phishing."
      actions={
        <>
          <Button
            variant="outlined"
            leadingIcon={mdiFileUpload}
            disabled={!canManage}
            title={readOnly}
            onClick={() => setImporting(true)}
          >
            Import recipients
          </Button>
          <Button
            variant="primary"
            leadingIcon={mdiPlus}
            disabled={!canManage}
            title={readOnly}
            onClick={() => setCreating(true)}
          >
            New campaign
          </Button>
        </>
      }
      summary={<PhishingFigures />}
      noun={{ one: 'campaign', other: 'campaigns' }}
      query={phishingQueries.campaigns()}
      paged={campaignPaged}
      columns={COLUMNS}
      rowHref={(row) => `/phishing-prevention/${row.id}`}
      rowResource={(row) => campaignResource(row.id)}
      rowActions={(row) => [
        deleteRowAction(
          () => setDeleting(row),
          readOnly ?? campaignDeleteRefusal(row.state) ?? undefined,
        ),
      ]}
      emptyState={
        <EmptyState
          icon={mdiEmailAlert}
          title="No campaigns yet"
          description="Import your recipients, then create a campaign from a template."
        />
      }
    >
      <Library />
      <NewCampaignDialog open={creating} onOpenChange={setCreating} />
      <ImportGroupDialog open={importing} onOpenChange={setImporting} />
      {deleting && (
        <DeleteCampaignDialog
          campaign={deleting}
          open
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
        />
      )}
    </ListPage>
  );
}
