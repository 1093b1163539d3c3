import { mdiDatabaseOff } from '@mdi/js';
import { VOLUME_LIST_SORTS, type Volume } from '@portal/api/contract';
import { EmptyState, type DataTableColumn } from '@portal/ui';
import { CreateLink } from '../../kit/CreateLink.tsx';
import { ListPage, type ListPaged } from '../../kit/ListPage.tsx';
import { formatDateTime, formatSizeGb } from '../../lib/format.ts';
import { useManageReason } from '../../state/permissions.ts';
import { STORAGE_PERMISSION } from './permission.ts';
import { storageCalls, storageQueries } from './queries.ts';
import {
  STATE_LOOK,
  TYPE_LABELS,
  VolumeStateChip,
  sourceText,
  volumeResource,
} from './volumeLook.tsx';

const CREATE_PATH = '/storage/create';

const COLUMNS: DataTableColumn<Volume>[] = [
  // As wide as the longest name (up to the kit's cap): at 1,440 px a name is read whole, and the
  // least important columns give way for it.
  { id: 'name', header: 'Name', accessor: 'name', hideable: false },
  {
    id: 'state',
    priority: 1,
    header: 'State',
    accessor: (volume) => STATE_LOOK[volume.state].label,
    filter: 'select',
    width: 120,
    cell: (volume) => <VolumeStateChip state={volume.state} />,
  },
  {
    id: 'size',
    priority: 2,
    header: 'Size',
    accessor: 'size_gb',
    align: 'end',
    width: 100,
    searchable: false,
    cell: (volume) => formatSizeGb(volume.size_gb),
  },
  {
    id: 'type',
    priority: 4,
    header: 'Type',
    accessor: (volume) => TYPE_LABELS[volume.type],
    filter: 'select',
    width: 150,
  },
  {
    id: 'location',
    priority: 3,
    header: 'Location',
    accessor: 'location',
    filter: 'select',
    width: 100,
  },
  {
    id: 'attached',
    priority: 2,
    header: 'Attached to',
    accessor: (volume) => volume.attached_vm?.display_name ?? '',
    width: 'minmax(140px, 1fr)',
  },
  {
    id: 'source',
    priority: 4,
    header: 'Source',
    accessor: (volume) => sourceText(volume),
    width: 'minmax(150px, 1.8fr)',
  },
  {
    id: 'created',
    priority: 5,
    header: 'Created',
    accessor: 'created_at',
    searchable: false,
    width: 170,
    cell: (volume) => formatDateTime(volume.created_at),
  },
];

/** A long list read a page at a time (above the kit's PAGED_FROM rows). */
const storagePaged: ListPaged<Volume> = {
  fetchPage: (request) => storageCalls.page(request),
  sorts: VOLUME_LIST_SORTS,
};

/** `/storage`: the tenant's block volumes. */
export function StorageListPage() {
  const readOnlyReason = useManageReason(STORAGE_PERMISSION);
  const query = storageQueries.list();
  const create = (
    <CreateLink href={CREATE_PATH} permission={STORAGE_PERMISSION}>
      Create volume
    </CreateLink>
  );
  return (
    <ListPage
      listId="storage"
      title="Storage"
      description={
        readOnlyReason ?? 'Block volumes: create them empty or from a VM snapshot, attach, extend.'
      }
      actions={create}
      noun={{ one: 'volume', other: 'volumes' }}
      query={query}
      paged={storagePaged}
      columns={COLUMNS}
      defaultSorting={{ id: 'name' }}
      rowHref={(volume) => `/storage/${volume.id}`}
      rowResource={(volume) => volumeResource(volume.id)}
      emptyState={
        <EmptyState
          icon={mdiDatabaseOff}
          title="No volumes yet"
          description="A volume is extra disk for a virtual machine: create one empty, or from a snapshot of a VM."
        />
      }
    />
  );
}
