import { useState } from 'react';
import { mdiEmailAlert, mdiFileUpload, mdiPlus } from '@mdi/js';
import type { PhishingCampaign } from '@portal/api/contract';
import { Button, EmptyState, type DataTableColumn } from '@portal/ui';
import { ListPage } from '../../kit/ListPage.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useCan, useManageReason } from '../../state/permissions.ts';
import { ImportGroupDialog } from './ImportGroupDialog.tsx';
import { Library } from './Library.tsx';
import { NewCampaignDialog } from './NewCampaignDialog.tsx';
import { PhishingFigures } from './PhishingFigures.tsx';
import { CampaignStateChip, rateOf, stateLabel } from './parts.tsx';
import { PHISHING_PERMISSION } from './permission.ts';
import { phishingQueries } from './queries.ts';

const COLUMNS: DataTableColumn<PhishingCampaign>[] = [
  { id: 'name', header: 'Name', accessor: 'name', sortable: true },
  {
    id: 'state',
    header: 'State',
    accessor: (row) => stateLabel(row.state),
    cell: (row) => <CampaignStateChip state={row.state} />,
    filter: 'select',
    filterOptions: ['Draft', 'Scheduled', 'Running', 'Finished'],
  },
  {
    id: 'launched',
    header: 'Launched',
    accessor: (row) => row.launched_at ?? row.launch_at ?? '',
    cell: (row) => formatDateTime(row.launched_at ?? row.launch_at, 'not yet'),
    sortable: true,
  },
  {
    id: 'recipients',
    header: 'Recipients',
    accessor: (row) => row.counts.recipients,
    align: 'end',
  },
  { id: 'opened', header: 'Opened', accessor: (row) => rateOf(row, 'opened'), align: 'end' },
  { id: 'clicked', header: 'Clicked', accessor: (row) => rateOf(row, 'clicked'), align: 'end' },
  {
    id: 'submitted',
    header: 'Submitted',
    accessor: (row) => rateOf(row, 'submitted'),
    align: 'end',
  },
  { id: 'reported', header: 'Reported', accessor: (row) => rateOf(row, 'reported'), align: 'end' },
  { id: 'template', header: 'Template', accessor: (row) => row.template.name, defaultHidden: true },
];

/** `/phishing-prevention`: the campaigns with their rates, and the tenant-wide figures. */
export function PhishingListPage() {
  const canManage = useCan('phishing-prevention', 'manage');
  const readOnly = useManageReason(PHISHING_PERMISSION);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
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
      tableLabel="Campaigns"
      searchLabel="Search campaigns"
      noun={{ one: 'campaign', other: 'campaigns' }}
      query={phishingQueries.campaigns()}
      columns={COLUMNS}
      getRowId={(row) => String(row.id)}
      getRowLabel={(row) => row.name}
      rowHref={(row) => `/phishing-prevention/${row.id}`}
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
    </ListPage>
  );
}
