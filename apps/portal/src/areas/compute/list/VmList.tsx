import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { mdiRefresh, mdiServerOff } from '@mdi/js';
import { TASK_POLL_INTERVAL_MS, type PermissionArea, type Vm } from '@portal/api/contract';
import { vmBaseApi, type VmBase } from '@portal/api/client';
import { Button, DataTable, EmptyState } from '@portal/ui';
import { getServices } from '../../../services.ts';
import { useCan, useManageReason } from '../../../state/permissions.ts';
import { tasks } from '../../../state/tasks.ts';
import {
  applicableTo,
  BULK_POWER_ACTIONS,
  startBulkPower,
  type BulkPowerAction,
} from './powerActions.ts';
import { useUrlSearch, withPrevSearch } from '../../../kit/prevSearch.ts';
import { useRemote } from './useRemote.ts';
import { vmColumns } from './vmColumns.tsx';

// The confirmation (a Radix dialog with focus trap and scroll lock) is fetched when rows are first
// selected, not with the list: the list is the first page after sign-in.
const loadConfirmDialog = () => import('@portal/ui/ConfirmDialog');
const ConfirmDialog = lazy(() => loadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })));

/** At most this many busy VMs are watched through their cheap status call. */
const WATCHED_MAX = 10;

/** Above this many VMs the list scrolls in one virtualized body instead of pages. */
const VIRTUALIZE_FROM = 100;

export interface VmListProps {
  /** The VM path base of the API: `/services/eseries` or a vwseries service's. */
  base: VmBase;
  /** Whose permission the power actions need: `compute` (default) or `vwseries`. */
  area?: PermissionArea;
  /** The table's accessible name. */
  label: string;
  /** A VM's detail page, without the search (the list adds `prevSearch`); none: names are text. */
  detailPathOf?: (vm: Vm) => string;
  /** A VM's console page, when the list offers a console link. */
  consolePathOf?: (vm: Vm) => string;
  /** More toolbar controls (a "Create" button). */
  toolbar?: ReactNode;
  /** Shown when there are no VMs at all. */
  emptyState?: ReactNode;
}

const Names = styled.ul`
  margin: 8px 0 0;
  padding-left: 20px;
  max-height: 160px;
  overflow: auto;
`;

const Skipped = styled.p`
  margin: 8px 0 0;
  color: var(--ui-color-text-secondary);
`;

const NAMES_SHOWN = 8;

/**
 * VMs on a path base: search kept in the URL (`prevSearch`) and carried to the detail page,
 * power chips, bulk power actions with a confirmation, loading, empty and error states.
 */
export function VmList({
  base,
  area = 'compute',
  label,
  detailPathOf,
  consolePathOf,
  toolbar,
  emptyState,
}: VmListProps) {
  const navigate = useNavigate();
  const canManage = useCan(area, 'manage');
  const readOnlyReason = useManageReason(area);
  const consoleDenied = readOnlyReason !== undefined;
  const [search, setSearch] = useUrlSearch();
  const vmApi = useMemo(() => vmBaseApi(getServices().api, base), [base]);
  const load = useCallback(() => vmApi.list(), [vmApi]);
  const { data, loading, error, reload } = useRemote(load);
  const vms = useMemo(() => data ?? [], [data]);

  // VMs busy with a task this tab does not track (started elsewhere, or before a reload): their
  // status is read every poll interval, and the list is read again once one of them changed.
  const [watchRound, setWatchRound] = useState(0);
  useEffect(() => {
    const busy = vms
      .filter((vm) => vm.task_id !== null && !tasks.isTracking(vm.task_id))
      .slice(0, WATCHED_MAX);
    if (busy.length === 0) return;
    let live = true;
    const timer = window.setTimeout(() => {
      void Promise.allSettled(busy.map((vm) => vmApi.status(vm.id))).then((replies) => {
        if (!live) return;
        const changed = replies.some(
          (reply, index) =>
            reply.status === 'rejected' ||
            reply.value.task_id !== busy[index]?.task_id ||
            reply.value.power_state !== busy[index]?.power_state,
        );
        if (changed) reload();
        else setWatchRound((n) => n + 1);
      });
    }, TASK_POLL_INTERVAL_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [vms, vmApi, reload, watchRound]);

  // Stable while typing: the name links read the search from the URL themselves.
  const columns = useMemo(
    // A role that may only look cannot use a console: no console links for it.
    () => vmColumns({ detailPathOf, consoleHrefOf: consoleDenied ? undefined : consolePathOf }),
    [detailPathOf, consolePathOf, consoleDenied],
  );

  const [pending, setPending] = useState<{
    action: BulkPowerAction;
    selected: Vm[];
    clear: () => void;
  } | null>(null);

  // The dialog keeps showing its last action while it closes, so the text does not flip.
  const [confirming, setConfirming] = useState(false);
  const targets = pending ? applicableTo(pending.action, pending.selected) : [];
  const skipped = pending ? pending.selected.length - targets.length : 0;
  const noun = (n: number) => (n === 1 ? 'virtual machine' : 'virtual machines');

  return (
    <>
      <DataTable
        aria-label={label}
        data={vms}
        columns={columns}
        getRowId={(vm) => String(vm.id)}
        getRowLabel={(vm) => vm.display_name}
        loading={loading}
        error={error ?? undefined}
        onRetry={reload}
        globalFilter={search}
        onGlobalFilterChange={setSearch}
        searchLabel="Search virtual machines"
        defaultSorting={{ id: 'name' }}
        virtualized={vms.length > VIRTUALIZE_FROM}
        height={vms.length > VIRTUALIZE_FROM ? 'max(360px, calc(100vh - 320px))' : undefined}
        onRowClick={
          detailPathOf ? (vm) => navigate(withPrevSearch(detailPathOf(vm), search)) : undefined
        }
        toolbar={
          <>
            <Button variant="outlined" size="small" leadingIcon={mdiRefresh} onClick={reload}>
              Refresh
            </Button>
            {toolbar}
          </>
        }
        emptyState={
          emptyState ?? (
            <EmptyState
              icon={mdiServerOff}
              title="No virtual machines yet"
              description="Virtual machines you create appear here."
            />
          )
        }
        renderBulkActions={(selected, clear) => {
          // Rows are selected: fetch the confirmation now, so it opens at once (cached after).
          void loadConfirmDialog();
          return BULK_POWER_ACTIONS.map((action) => (
            <Button
              key={action.operation}
              size="small"
              variant={action.tone === 'danger' ? 'outlined' : 'primary'}
              disabled={!canManage || applicableTo(action, selected).length === 0}
              title={readOnlyReason}
              onClick={() => {
                setPending({ action, selected, clear });
                setConfirming(true);
              }}
            >
              {action.label}
            </Button>
          ));
        }}
      />
      {pending && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={
              pending
                ? `${pending.action.label} ${targets.length} ${noun(targets.length)}?`
                : 'Power action'
            }
            description={pending?.action.consequence(targets.length)}
            confirmLabel={pending?.action.label ?? 'Confirm'}
            tone={pending?.action.tone ?? 'primary'}
            onConfirm={async () => {
              if (!pending) return;
              await startBulkPower(vmApi, pending.action, targets);
              pending.clear();
            }}
          >
            <Names aria-label="Virtual machines">
              {targets.slice(0, NAMES_SHOWN).map((vm) => (
                <li key={vm.id}>{vm.display_name}</li>
              ))}
              {targets.length > NAMES_SHOWN && <li>and {targets.length - NAMES_SHOWN} more</li>}
            </Names>
            {skipped > 0 && (
              <Skipped>
                Skipped: {skipped} selected {noun(skipped)}, {pending?.action.skipReason}.
              </Skipped>
            )}
          </ConfirmDialog>
        </Suspense>
      )}
    </>
  );
}
