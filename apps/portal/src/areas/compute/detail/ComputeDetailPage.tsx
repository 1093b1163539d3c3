import { useEffect, useState, type MouseEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { mdiConsole } from '@mdi/js';
import type { Vm } from '@portal/api/contract';
import {
  BackButton,
  Button,
  ErrorState,
  PageHeader,
  Skeleton,
  SkeletonGroup,
  StatusChip,
  Tabs,
} from '@portal/ui';
import { appState } from '../../../state/app.ts';
import { useCan, useManageReason } from '../../../state/permissions.ts';
import { tasks } from '../../../state/tasks.ts';
import { MetricsTab } from './MetricsTab.tsx';
import { NetworkTab } from './NetworkTab.tsx';
import { OverviewTab, VmStatusChip } from './OverviewTab.tsx';
import { PowerActions } from './PowerActions.tsx';
import { SnapshotsTab } from './SnapshotsTab.tsx';
import { useVm } from './useVm.ts';
import { VmMenu } from './VmMenu.tsx';

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

const Panel = styled.div`
  padding-top: 16px;
`;

/** Where the console of a VM lives: its own full page, per series. */
export const consolePath = (vm: Pick<Vm, 'id' | 'serviceid'>) =>
  vm.serviceid ? `/vwseries/${vm.serviceid}/${vm.id}/console` : `/compute/${vm.id}/console`;

/** `/compute/{id}`: one VM, with its power, snapshots, network and metrics. */
export function ComputeDetailPage() {
  const { id: idParam = '' } = useParams();
  const id = Number(idParam);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { vm, error, version, reload } = useVm(id);
  const { taskIsRunning } = useSnapshot(appState);
  // A role that may only look sees the actions disabled, with the reason (unknown: disabled).
  const canManage = useCan('compute', 'manage');
  const readOnlyReason = useManageReason('compute');
  const [tab, setTab] = useState('overview');

  // The list put its search on the link; going back restores it.
  const prevSearch = search.get('prevSearch');
  const listHref =
    prevSearch !== null ? `/compute?prevSearch=${encodeURIComponent(prevSearch)}` : '/compute';
  const backHref =
    prevSearch !== null ? listHref : vm?.serviceid ? `/vwseries/${vm.serviceid}` : '/compute';
  const go = (href: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(href);
  };

  // A task on this VM that this visit did not start (a reload mid-operation, another tab):
  // follow it too, so its outcome shows and the actions stay disabled until it ends.
  const runningTask = vm?.task_id ?? null;
  const vmName = vm?.display_name;
  useEffect(() => {
    if (runningTask !== null && !tasks.isTracking(runningTask))
      tasks.track(runningTask, { operation: `The task on ${vmName ?? 'this VM'}` });
  }, [runningTask, vmName]);

  const back = (
    <BackButton href={backHref} onClick={go(backHref)}>
      {vm?.serviceid && prevSearch === null ? 'VW series service' : 'Virtual machines'}
    </BackButton>
  );

  if (!vm) {
    if (error)
      return (
        <>
          <PageHeader back={back} title={`Virtual machine ${idParam}`} />
          <ErrorState
            title="The virtual machine could not be read"
            description={error}
            action={<Button onClick={reload}>Try again</Button>}
          />
        </>
      );
    return (
      <>
        <PageHeader back={back} title={`Virtual machine ${idParam}`} />
        <SkeletonGroup label="Loading the virtual machine">
          <Skeleton variant="rect" height={48} />
          <Skeleton lines={6} />
        </SkeletonGroup>
      </>
    );
  }

  const busy = taskIsRunning || vm.task_id !== null;
  const locked = busy || !canManage;
  const lockedReason =
    readOnlyReason ??
    (!canManage ? 'Checking what your role may change…' : busy ? TASK_RUNNING_REASON : undefined);
  const eseries = vm.serviceid === null;
  const console = consolePath(vm);

  return (
    <>
      <PageHeader
        back={back}
        title={vm.display_name}
        description={
          <Chips>
            <StatusChip status={vm.power_state} size="medium" />
            <VmStatusChip status={vm.status} />
            {busy && <StatusChip status="RUNNING" label="Task running" />}
            <span>
              {vm.os.guest_full_name} · {vm.location}
            </span>
          </Chips>
        }
        actions={
          <Actions>
            <PowerActions vm={vm} disabledReason={lockedReason} />
            <Button
              variant="outlined"
              leadingIcon={mdiConsole}
              disabled={!canManage || vm.power_state !== 'poweredOn'}
              title={
                readOnlyReason ??
                (vm.power_state === 'poweredOn' ? undefined : 'Power the VM on first.')
              }
              onClick={() => {
                appState.item = vm;
                navigate(console);
              }}
            >
              Open console
            </Button>
            {eseries && <VmMenu vm={vm} disabledReason={lockedReason} listHref={listHref} />}
          </Actions>
        }
      />
      {readOnlyReason && <ReadOnlyNote role="note">{readOnlyReason}</ReadOnlyNote>}
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List aria-label={`${vm.display_name} details`}>
          <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
          <Tabs.Trigger value="snapshots">Snapshots</Tabs.Trigger>
          {eseries && <Tabs.Trigger value="network">Network</Tabs.Trigger>}
          {eseries && <Tabs.Trigger value="metrics">Metrics</Tabs.Trigger>}
        </Tabs.List>
        <Tabs.Content value="overview">
          <Panel>
            <OverviewTab vm={vm} busy={locked} />
          </Panel>
        </Tabs.Content>
        <Tabs.Content value="snapshots">
          <Panel>
            <SnapshotsTab vm={vm} busy={locked} version={version} />
          </Panel>
        </Tabs.Content>
        {eseries && (
          <Tabs.Content value="network">
            <Panel>
              <NetworkTab vm={vm} busy={locked} />
            </Panel>
          </Tabs.Content>
        )}
        {eseries && (
          <Tabs.Content value="metrics">
            <Panel>
              <MetricsTab vm={vm} version={version} />
            </Panel>
          </Tabs.Content>
        )}
      </Tabs.Root>
    </>
  );
}
