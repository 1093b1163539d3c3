import { Suspense, useEffect } from 'react';
import { lazyNamed } from '../../../kit/area.tsx';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { mdiConsole } from '@mdi/js';
import type { Vm } from '@portal/api/contract';
import { Alert, Button, Spinner, StatusChip } from '@portal/ui';
import { DetailPage, detailReadProps, type DetailTab } from '../../../kit/DetailPage.tsx';
import { PREV_SEARCH, searchOf, withPrevSearch } from '../../../kit/prevSearch.ts';
import { useResourceBusy } from '../../../kit/useTaskAction.ts';
import { osName } from '../../../lib/format.ts';
import { appState } from '../../../state/app.ts';
import { useManage } from '../../../state/permissions.ts';
import { COMPUTE_PERMISSION } from '../permission.ts';
import { tasks } from '../../../state/tasks.ts';
import { computeKeys, computeQueries } from '../queries.ts';
import { MetricsTab } from './MetricsTab.tsx';
import { NetworkTab } from './NetworkTab.tsx';
import { OverviewTab, VmStatusChip } from './OverviewTab.tsx';
import { PowerActions } from './PowerActions.tsx';
import { SnapshotsTab } from './SnapshotsTab.tsx';
import { VmMenu } from './VmMenu.tsx';
import { vmResource } from './vmTasks.ts';
import { useSiteRefusal } from './siteActions.ts';

// The VM's volumes come from the storage area, loaded with their tab.
const VmVolumesPanel = lazyNamed(() => import('../../storage/index.ts'), 'VmVolumesPanel');

/** Why changes are refused while a task runs on the VM. */
export const TASK_RUNNING_REASON = 'A task is running on this virtual machine: wait for it to end.';

const ReadOnlyNote = styled.p`
  margin: 0 0 12px;
  color: var(--ui-color-text-secondary);
`;

const Chips = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
`;

/** Where the console of a VM lives: its own full page, per series. */
export const consolePath = (vm: Pick<Vm, 'id' | 'serviceid'>) =>
  vm.serviceid ? `/vwseries/${vm.serviceid}/${vm.id}/console` : `/compute/${vm.id}/console`;

/**
 * `/compute/{id}`: one VM of either series, with its power, snapshots, network and metrics.
 * Back goes to the list with the search it came with; without one, a vwseries VM goes back to its
 * service.
 */
export function ComputeDetailPage() {
  const { id: idParam = '' } = useParams();
  const id = Number(idParam);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const read = useQuery(computeQueries.vm(id));
  const vm = read.data;
  const { taskIsRunning } = useSnapshot(appState);
  const onVm = useResourceBusy(vmResource(id));
  // A role that may only look sees the actions disabled, with the reason (unknown: disabled).
  const { canManage, readOnlyReason } = useManage(COMPUTE_PERMISSION);

  const fromList = search.has(PREV_SEARCH);
  const listHref = withPrevSearch('/compute', searchOf(search));
  const toService = vm?.serviceid && !fromList ? `/vwseries/${vm.serviceid}` : null;

  // A task on this VM that this visit did not start (a reload mid-operation, another tab):
  // follow it too, so its outcome shows and the actions stay refused until it ends.
  const runningTask = vm?.task_id ?? null;
  const vmName = vm?.display_name;
  useEffect(() => {
    if (runningTask !== null && !tasks.isTracking(runningTask))
      tasks.track(runningTask, {
        operation: `The task on ${vmName ?? 'this VM'}`,
        kind: 'vm',
        onSettled: () => {
          void client.invalidateQueries({ queryKey: computeKeys.vm(id) });
          void client.invalidateQueries({ queryKey: computeKeys.lists() });
        },
      });
  }, [runningTask, vmName, client, id]);

  const busy = taskIsRunning || onVm.busy || (vm?.task_id ?? null) !== null;
  const locked = busy || !canManage;
  const lockedReason =
    readOnlyReason ??
    (!canManage ? 'Checking what your role may change…' : busy ? TASK_RUNNING_REASON : undefined);
  const eseries = vm ? vm.serviceid === null : false;
  const siteRefusal = useSiteRefusal(vm);

  const tabs: DetailTab[] = vm
    ? [
        { id: 'overview', label: 'Overview', content: <OverviewTab vm={vm} busy={locked} /> },
        { id: 'snapshots', label: 'Snapshots', content: <SnapshotsTab vm={vm} busy={locked} /> },
        {
          id: 'volumes',
          label: 'Volumes',
          content: (
            <Suspense fallback={<Spinner label="Loading volumes" />}>
              <VmVolumesPanel
                vmId={vm.id}
                vmName={vm.display_name}
                vmLocation={vm.location}
                lockedReason={busy ? TASK_RUNNING_REASON : undefined}
              />
            </Suspense>
          ),
        },
        ...(eseries
          ? [
              {
                id: 'network',
                label: 'Network',
                content: <NetworkTab vm={vm} busy={locked} />,
              },
              { id: 'metrics', label: 'Metrics', content: <MetricsTab vm={vm} /> },
            ]
          : []),
      ]
    : [];

  return (
    <DetailPage
      listPath={toService ?? '/compute'}
      listLabel={toService ? 'VW series service' : 'Virtual machines'}
      noun="virtual machine"
      {...detailReadProps(read)}
      title={vm?.display_name ?? `Virtual machine ${idParam}`}
      loadingTitle={`Virtual machine ${idParam}`}
      status={vm && <StatusChip status={vm.power_state} size="medium" />}
      description={
        vm && (
          <Chips>
            <VmStatusChip status={vm.status} />
            {busy && <StatusChip status="RUNNING" label={onVm.label ?? 'Task running'} />}
            <span>
              {osName(vm.os) || vm.os.guest_full_name} · {vm.location}
            </span>
            {readOnlyReason && <ReadOnlyNote role="note">{readOnlyReason}</ReadOnlyNote>}
          </Chips>
        )
      }
      notice={
        vm?.platform_message && (
          <Alert kind="warning" title="Changed outside the portal">
            {vm.platform_message}
          </Alert>
        )
      }
      actions={
        vm && (
          <Actions>
            <PowerActions vm={vm} disabledReason={lockedReason} />
            <Button
              variant="outlined"
              leadingIcon={mdiConsole}
              disabledReason={
                readOnlyReason ??
                siteRefusal('console') ??
                (!canManage
                  ? 'Checking what your role may change…'
                  : vm.power_state === 'poweredOn'
                    ? undefined
                    : 'Power the VM on first.')
              }
              onClick={() => {
                appState.item = vm;
                navigate(consolePath(vm));
              }}
            >
              Open console
            </Button>
            {eseries && <VmMenu vm={vm} disabledReason={lockedReason} listHref={listHref} />}
          </Actions>
        )
      }
      tabs={tabs}
      tabsLabel={vm ? `${vm.display_name} details` : undefined}
    />
  );
}
