import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { MsspChild } from '@portal/api/contract';
import { DataTable, Link, StatusChip, type DataTableColumn } from '@portal/ui';
import { DetailPage, DetailStack, detailReadProps } from '../../kit/DetailPage.tsx';
import { openDetections } from './labels.ts';
import { crowdstrikeQueries } from './queries.ts';
import { SubscriptionStateChip } from './SubscriptionStateChip.tsx';
import { TotalsGrid } from './TotalsGrid.tsx';

const COLUMNS: DataTableColumn<MsspChild>[] = [
  {
    id: 'tenant',
    header: 'Customer',
    accessor: 'tenant_name',
    hideable: false,
    minWidth: 180,
    cell: (child) =>
      child.medr_id === null ? (
        <span>
          {child.tenant_name} <StatusChip status="neutral" label="Figures only" />
        </span>
      ) : (
        <Link href={`/crowdstrike/medr/${child.medr_id}`}>{child.tenant_name}</Link>
      ),
  },
  { id: 'cdb', header: 'Tenant code', accessor: 'cdb_id', width: 130 },
  { id: 'name', header: 'Subscription', accessor: 'name', minWidth: 170 },
  { id: 'hosts', header: 'Hosts', accessor: (c) => c.totals.hosts, align: 'end', width: 90 },
  {
    id: 'outdated',
    header: 'Outdated sensors',
    accessor: (c) => c.totals.outdated,
    align: 'end',
    width: 150,
  },
  { id: 'stale', header: 'Stale hosts', accessor: (c) => c.totals.stale, align: 'end', width: 120 },
  {
    id: 'open',
    header: 'Open detections',
    accessor: (c) => openDetections(c.totals.open_detections),
    align: 'end',
    width: 150,
  },
  {
    id: 'critical',
    header: 'Critical',
    accessor: (c) => c.totals.open_detections.critical,
    align: 'end',
    width: 100,
  },
];

/** `/crowdstrike/mssp/{id}`: the totals across an MSSP's children and the children table. */
export function MsspDetailPage() {
  const { id: idParam = '' } = useParams();
  const id = Number(idParam);
  const read = useQuery(crowdstrikeQueries.mssp(id));
  const mssp = read.data;
  return (
    <DetailPage
      listPath="/crowdstrike"
      listLabel="Endpoint security"
      noun="MSSP subscription"
      {...detailReadProps(read)}
      title={mssp?.name ?? `MSSP ${idParam}`}
      loadingTitle={`MSSP ${idParam}`}
      status={mssp && <SubscriptionStateChip state={mssp.state} size="medium" />}
      description={
        mssp &&
        `MSSP · ${mssp.children.length} ${mssp.children.length === 1 ? 'customer' : 'customers'}`
      }
    >
      {mssp && (
        <DetailStack>
          <TotalsGrid totals={mssp.totals} label="Totals across customers" />
          <DataTable<MsspChild>
            caption="Customers"
            data={mssp.children}
            columns={COLUMNS}
            getRowId={(child) => child.cdb_id}
            getRowLabel={(child) => child.tenant_name}
            searchLabel="Search customers"
            defaultSorting={{ id: 'tenant' }}
          />
        </DetailStack>
      )}
    </DetailPage>
  );
}
