// A list of VMs on one path base (eseries, or a vwseries service), on the kit's ListPage: power
// from the row menu and in bulk (one summary), console, snapshots, delete with a typed name.
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { lazyNamed } from '../area.tsx';
import { useNavigate } from 'react-router-dom';
import {
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { mdiCameraOutline, mdiConsole, mdiDeleteOutline } from '@mdi/js';
import {
  TASK_POLL_INTERVAL_MS,
  VM_LIST_SORTS,
  type PowerOperation,
  type Vm,
} from '@portal/api/contract';
import { POWER_TRANSITIONS, deleteRefusal } from '@portal/api/domain';
import { ESERIES_BASE, type VmBase } from '@portal/api/client';
import type { DataTableRowAction } from '@portal/ui';
import { removeEseriesVm, vmBaseCalls } from './queries.ts';
import { appState } from '../../state/app.ts';
import { useCan, useManageReason } from '../../state/permissions.ts';
import { tasks } from '../../state/tasks.ts';
import type { AreaPermission } from '../area.tsx';
import { ListPage, type ListBulkAction, type ListPaged } from '../ListPage.tsx';
import { isResourceBusy, runTaskAction } from '../useTaskAction.ts';
import {
  BULK_POWER_ACTIONS,
  POWER_ICONS,
  POWER_LABELS,
  POWER_WARNING,
  powerApplies,
  powerOperationsOf,
  startBulkPower,
  vmResource,
  vmTaskKind,
} from './power.ts';
import { vmColumns } from './vmColumns.tsx';

const loadConfirmDialog = () => import('@portal/ui/ConfirmDialog');
const ConfirmDialog = lazyNamed(loadConfirmDialog, 'ConfirmDialog');

/** At most this many busy VMs are watched through their cheap status call. */
const WATCHED_MAX = 10;

export interface VmListPageProps<K extends QueryKey> {
  listId: string;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  back?: ReactNode;
  /** The VM path base: `/services/eseries` or a vwseries service's. */
  base: VmBase;
  /** The list's rows (the area's query options for that base). */
  query: UseQueryOptions<Vm[], Error, Vm[], K>;
  /** Invalidated when a task on one of the VMs ends (the list, and each VM's own key). */
  invalidatesOf: (vm: Vm) => readonly QueryKey[];
  /** Whose permission the actions need: `compute` or `vwseries`. */
  permission: AreaPermission;
  tableLabel: string;
  /** A VM's page, without the search (the list adds `prevSearch`). */
  detailPathOf?: (vm: Vm) => string;
  /** A VM's console page. */
  consolePathOf?: (vm: Vm) => string;
  /** Offer "Delete" (`DELETE` on the path base, a task). */
  deletable?: boolean;
  /** A series lives at one site: location and plan start hidden. */
  oneSite?: boolean;
  emptyState?: ReactNode;
}

interface Confirmation {
  title: string;
  description: string;
  confirmLabel: string;
  tone: 'danger' | 'primary';
  requireText?: string;
  run: () => Promise<unknown>;
}

/** See the file's first lines. */
export function VmListPage<K extends QueryKey>({
  listId,
  title,
  description,
  actions,
  back,
  base,
  query,
  invalidatesOf,
  permission,
  tableLabel,
  detailPathOf,
  consolePathOf,
  deletable = false,
  oneSite = false,
  emptyState,
}: VmListPageProps<K>) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const canManage = useCan(permission.area, 'manage');
  const readOnlyReason = useManageReason(permission);
  const vmApi = useMemo(() => vmBaseCalls(base), [base]);
  // Long lists are read a page at a time (ListPage decides); eseries rows carry NAT (public IP)
  // as the area's whole-list query does.
  const paged = useMemo(
    (): ListPaged<Vm> => ({
      fetchPage: (request) =>
        vmApi.page({
          ...request,
          ...(base === ESERIES_BASE ? { detail_fields: ['nat' as const] } : {}),
        }),
      sorts: VM_LIST_SORTS,
    }),
    [vmApi, base],
  );
  // The whole list as ListPage read it (never read from here: a long list is not read whole).
  const { data: vms } = useQuery({ ...query, enabled: false });
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [confirming, setConfirming] = useState(false);

  // VMs busy with a task this tab does not track (started elsewhere, or before a reload): their
  // status is read every poll interval, and the list is read again once one of them changed.
  const watched = useMemo(
    () =>
      (vms ?? [])
        .filter((vm) => vm.task_id !== null && !tasks.isTracking(vm.task_id))
        .slice(0, WATCHED_MAX),
    [vms],
  );
  const watch = useQuery({
    queryKey: [...query.queryKey, 'watch', watched.map((vm) => `${vm.id}:${vm.task_id}`)],
    queryFn: () => Promise.allSettled(watched.map((vm) => vmApi.status(vm.id))),
    enabled: watched.length > 0,
    // Nothing read yet: the first read waits one poll interval, like the tracker's.
    initialData: [],
    initialDataUpdatedAt: () => Date.now(),
    staleTime: Infinity,
    refetchInterval: TASK_POLL_INTERVAL_MS,
  });
  const listKey = query.queryKey;
  useEffect(() => {
    const replies = watch.data;
    if (replies.length === 0) return;
    const changed = replies.some(
      (reply, index) =>
        reply.status === 'rejected' ||
        reply.value.task_id !== watched[index]?.task_id ||
        reply.value.power_state !== watched[index]?.power_state,
    );
    if (changed) void client.invalidateQueries({ queryKey: listKey });
  }, [watch.data, watched, client, listKey]);

  const columns = useMemo(
    // A role that may only look cannot use a console: no console links for it.
    () =>
      vmColumns({
        detailPathOf,
        consoleHrefOf: readOnlyReason === undefined ? consolePathOf : undefined,
        oneSite,
      }),
    [detailPathOf, consolePathOf, readOnlyReason, oneSite],
  );

  const ask = (next: Confirmation) => {
    void loadConfirmDialog();
    setConfirmation(next);
    setConfirming(true);
  };

  const startPower = (vm: Vm, operation: PowerOperation) =>
    runTaskAction(
      client,
      {
        operation: `${POWER_LABELS[operation]} ${vm.display_name}`,
        kind: vmTaskKind(base),
        resource: vmResource(vm),
        invalidates: invalidatesOf(vm),
        runningLabel: POWER_TRANSITIONS[operation].running,
      },
      () => vmApi.powerState(vm.id, operation),
    );

  const remove = (vm: Vm) =>
    runTaskAction(
      client,
      {
        operation: `Delete ${vm.display_name}`,
        kind: 'vm',
        resource: vmResource(vm),
        invalidates: invalidatesOf(vm),
        runningLabel: 'Deleting…',
      },
      // `DELETE /services/eseries/{id}`: only eseries lists offer it.
      () => removeEseriesVm(vm.id),
    ).then((run) => {
      if (!run.ok) throw run.error;
    });

  const rowActions = (vm: Vm): DataTableRowAction[] => {
    const busy = vm.task_id !== null || isResourceBusy(vmResource(vm));
    const blocked = readOnlyReason ?? (busy ? 'A task is running on this VM.' : undefined);
    const items: DataTableRowAction[] = powerOperationsOf(vm).map((operation) => ({
      id: operation,
      label: POWER_LABELS[operation],
      icon: POWER_ICONS[operation],
      disabledReason: canManage ? blocked : (readOnlyReason ?? 'Checking your permissions…'),
      tone: POWER_WARNING[operation] ? 'danger' : undefined,
      onSelect: () => {
        const warning = POWER_WARNING[operation];
        if (!warning) {
          void startPower(vm, operation);
          return;
        }
        ask({
          title: `${POWER_LABELS[operation]} ${vm.display_name}?`,
          description: warning,
          confirmLabel: POWER_LABELS[operation],
          tone: 'danger',
          run: async () => {
            const run = await startPower(vm, operation);
            if (!run.ok) throw run.error;
          },
        });
      },
    }));
    if (consolePathOf)
      items.push({
        id: 'console',
        label: 'Open console',
        icon: mdiConsole,
        disabledReason: readOnlyReason,
        onSelect: () => {
          appState.item = vm;
          navigate(consolePathOf(vm));
        },
      });
    if (detailPathOf)
      items.push({
        id: 'snapshots',
        label: 'Snapshots',
        icon: mdiCameraOutline,
        onSelect: () => navigate(`${detailPathOf(vm)}?tab=snapshots`),
      });
    if (deletable)
      items.push({
        id: 'delete',
        label: 'Delete',
        icon: mdiDeleteOutline,
        tone: 'danger',
        disabledReason: canManage
          ? (readOnlyReason ?? deleteRefusal(vm) ?? undefined)
          : (readOnlyReason ?? 'Checking your permissions…'),
        onSelect: () =>
          ask({
            title: `Delete ${vm.display_name}?`,
            description:
              'The virtual machine, its disks and its snapshots are deleted for good. Its addresses are released.',
            confirmLabel: 'Delete',
            tone: 'danger',
            requireText: vm.display_name,
            run: () => remove(vm),
          }),
      });
    return items;
  };

  const bulkActions: ListBulkAction<Vm>[] = BULK_POWER_ACTIONS.map((action) => ({
    id: action.operation,
    label: action.label,
    tone: action.tone,
    applies: (vm) => powerApplies(action.operation, vm),
    skipReason: action.skipReason,
    consequence: action.consequence,
    disabledReason: canManage ? undefined : (readOnlyReason ?? 'Checking your permissions…'),
    run: (targets) =>
      startBulkPower(client, vmApi, vmTaskKind(base), action.operation, targets, [
        listKey,
        ...targets.flatMap((vm) => invalidatesOf(vm)),
      ]),
  }));

  return (
    <ListPage<Vm, K>
      listId={listId}
      title={title}
      description={description}
      actions={actions}
      back={back}
      tableLabel={tableLabel}
      noun={{ one: 'virtual machine', other: 'virtual machines' }}
      query={query}
      paged={paged}
      columns={columns}
      getRowLabel={(vm) => vm.display_name}
      defaultSorting={{ id: 'name' }}
      rowHref={detailPathOf}
      rowResource={vmResource}
      rowActions={rowActions}
      bulkActions={bulkActions}
      emptyState={emptyState}
    >
      {confirmation && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={confirmation.title}
            description={confirmation.description}
            confirmLabel={confirmation.confirmLabel}
            tone={confirmation.tone}
            requireText={confirmation.requireText}
            onConfirm={confirmation.run}
          />
        </Suspense>
      )}
    </ListPage>
  );
}
