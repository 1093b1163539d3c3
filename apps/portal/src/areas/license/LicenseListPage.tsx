import { Suspense, useState } from 'react';
import { lazyNamed } from '../../kit/area.tsx';
import { mdiAutorenew, mdiCertificateOutline, mdiLinkVariantOff, mdiPin } from '@mdi/js';
import { useQueryClient } from '@tanstack/react-query';
import type { LicenseSubscription } from '@portal/api/contract';
import { errorText } from '@portal/api/client';
import { renewalRefusal } from '@portal/api/domain';
import { EmptyState, StatusChip, type DataTableColumn, type DataTableRowAction } from '@portal/ui';
import { ListPage } from '../../kit/ListPage.tsx';
import { notify } from '../../services.ts';
import { useManage } from '../../state/permissions.ts';
import { formatDay, inDays, seatFigure } from './format.ts';
import { LicenseSummaryPanel } from './LicenseSummaryPanel.tsx';
import { LICENSE_PERMISSION } from './permission.ts';
import { licenseCalls, licenseKeys, licensePaged, licenseQueries } from './queries.ts';

// The seat form checks with the contract's schema: fetched when first opened, not with the list.
const AssignSeatDialog = lazyNamed(() => import('./AssignSeatDialog.tsx'), 'AssignSeatDialog');

const STATE_LOOK: Record<LicenseSubscription['state'], { chip: string; label: string }> = {
  active: { chip: 'success', label: 'Active' },
  expiring: { chip: 'warning', label: 'Expiring' },
  expired: { chip: 'error', label: 'Expired' },
};

/** "3 of 4", "(2 over)" when more run than were contracted, "0 of 0 (5 ended)" once expired. */
const seatsText = (row: LicenseSubscription) =>
  seatFigure({
    used: row.seats_used,
    inForce: row.seats_in_force,
    over: row.seats_over,
    ended: row.state === 'expired' ? row.seats_contracted : 0,
  });

const assignedText = (row: LicenseSubscription) =>
  row.assignments.map((each) => (each.pinned ? `${each.name} (pinned)` : each.name)).join(', ');

const COLUMNS: DataTableColumn<LicenseSubscription>[] = [
  {
    id: 'product',
    header: 'Product',
    accessor: 'product_name',
    filter: 'select',
    width: 'minmax(210px, 1.3fr)',
    hideable: false,
  },
  { id: 'reference', header: 'Reference', accessor: 'reference', width: 124 },
  {
    id: 'state',
    header: 'State',
    accessor: (row) => STATE_LOOK[row.state].label,
    filter: 'select',
    width: 176,
    cell: (row) => (
      <StatusChip
        status={STATE_LOOK[row.state].chip}
        label={
          row.state === 'expiring'
            ? `Expires ${inDays(row.days_left)}`
            : STATE_LOOK[row.state].label
        }
      />
    ),
  },
  { id: 'seats', header: 'Seats used', accessor: seatsText, align: 'end', width: 150 },
  {
    id: 'available',
    header: 'Available',
    accessor: 'seats_available',
    align: 'end',
    width: 112,
  },
  {
    id: 'term',
    header: 'Term',
    accessor: (row) => `${formatDay(row.term_start)} – ${formatDay(row.term_end)}`,
    width: 'minmax(236px, 1fr)',
    searchable: false,
  },
  {
    id: 'renewal',
    header: 'Renewal',
    accessor: (row) => (row.auto_renew ? 'Automatic' : 'Manual'),
    filter: 'select',
    width: 110,
  },
  {
    id: 'assigned',
    priority: 2,
    header: 'Assigned to',
    accessor: (row) => assignedText(row) || 'nobody',
    width: 'minmax(200px, 1.6fr)',
  },
];

/** `/license`: seats used per product, what expires soon, and the tenant's subscriptions. */
export function LicenseListPage() {
  const { canManage, readOnlyReason } = useManage(LICENSE_PERMISSION);
  const queryClient = useQueryClient();
  const [assigning, setAssigning] = useState<LicenseSubscription | null>(null);

  const change = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      notify(done, 'success');
    } catch (error) {
      notify(errorText(error), 'error');
    } finally {
      await queryClient.invalidateQueries({ queryKey: licenseKeys.all });
    }
  };

  const rowActions = (row: LicenseSubscription): DataTableRowAction[] => {
    const locked = readOnlyReason ?? (canManage ? undefined : 'Checking your role…');
    const expired = renewalRefusal(row.state) ?? undefined;
    const renewal = !row.auto_renew;
    return [
      {
        id: 'renewal',
        label: renewal ? 'Turn on automatic renewal' : 'Turn off automatic renewal',
        icon: mdiAutorenew,
        disabledReason: locked ?? expired,
        onSelect: () =>
          void change(
            () => licenseCalls().update(row.id, { auto_renew: renewal }),
            `${row.reference} ${renewal ? 'now renews automatically' : 'no longer renews automatically'}.`,
          ),
      },
      {
        id: 'assign',
        label: 'Pin a seat to a machine…',
        icon: mdiPin,
        disabledReason:
          locked ?? (row.state === 'expired' ? 'This subscription has expired.' : undefined),
        onSelect: () => setAssigning(row),
      },
      ...row.assignments
        .filter((each) => each.pinned)
        .map((each) => ({
          id: `release-${each.kind}-${each.id}`,
          label: `Release the seat pinned to ${each.name}`,
          icon: mdiLinkVariantOff,
          disabledReason: locked,
          onSelect: () =>
            void change(
              () => licenseCalls().unassign(row.id, each.kind, each.id),
              `${each.name} no longer has a seat pinned in ${row.reference}.`,
            ),
        })),
    ];
  };

  return (
    <ListPage
      listId="license"
      title="Licences"
      description={
        readOnlyReason ??
        'Seats in use are counted from the machines you run; pin a seat to a machine or change renewal from a row’s menu.'
      }
      summary={<LicenseSummaryPanel />}
      tableLabel="Licence subscriptions"
      noun={{ one: 'subscription', other: 'subscriptions' }}
      query={licenseQueries.list()}
      paged={licensePaged}
      columns={COLUMNS}
      getRowLabel={(row) => `${row.product_name} ${row.reference}`}
      defaultSorting={{ id: 'product' }}
      rowActions={rowActions}
      emptyState={
        <EmptyState
          icon={mdiCertificateOutline}
          title="No licence subscriptions"
          description="The licences your organisation contracts appear here, with the seats in use."
        />
      }
    >
      {assigning && (
        <Suspense fallback={null}>
          <AssignSeatDialog
            subscription={assigning}
            onClose={() => setAssigning(null)}
            onAssigned={(holder) => {
              notify(`A seat of ${assigning.reference} is pinned to ${holder}.`, 'success');
              void queryClient.invalidateQueries({ queryKey: licenseKeys.all });
            }}
          />
        </Suspense>
      )}
    </ListPage>
  );
}
