import { useEffect, useState, type MouseEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { mdiConsole, mdiDotsVertical, mdiPencil, mdiRefresh } from '@mdi/js';
import { DISPLAY_NAME_PATTERN, type Vm } from '@portal/api/contract';
import {
  BackButton,
  Button,
  ErrorState,
  IconButton,
  Menu,
  PageHeader,
  Skeleton,
  SkeletonGroup,
  StatusChip,
  Tabs,
  TextField,
} from '@portal/ui';
import { appState } from '../../../state/app.ts';
import { useCan, useManageReason } from '../../../state/permissions.ts';
import { tasks } from '../../../state/tasks.ts';
import { FormDialog } from './FormDialog.tsx';
import { serverFieldError } from './fieldErrors.ts';
import { MetricsTab } from './MetricsTab.tsx';
import { NetworkTab } from './NetworkTab.tsx';
import { OverviewTab, VmStatusChip } from './OverviewTab.tsx';
import { PowerActions } from './PowerActions.tsx';
import { SnapshotsTab } from './SnapshotsTab.tsx';
import { useVm, vmApis } from './useVm.ts';

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
  const [renaming, setRenaming] = useState(false);

  // The list put its search on the link; going back restores it.
  const prevSearch = search.get('prevSearch');
  const backHref =
    prevSearch !== null
      ? `/compute?prevSearch=${encodeURIComponent(prevSearch)}`
      : vm?.serviceid
        ? `/vwseries/${vm.serviceid}`
        : '/compute';
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
            <PowerActions vm={vm} busy={locked} reason={readOnlyReason} />
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
            {eseries && (
              <Menu.Root>
                <Menu.Trigger>
                  <IconButton
                    icon={mdiDotsVertical}
                    aria-label={`More actions for ${vm.display_name}`}
                  />
                </Menu.Trigger>
                <Menu.Content>
                  <Menu.Item icon={mdiPencil} disabled={locked} onSelect={() => setRenaming(true)}>
                    Rename
                  </Menu.Item>
                  <Menu.Item
                    icon={mdiRefresh}
                    disabled={locked}
                    onSelect={() =>
                      void tasks.run({ operation: 'Refresh' }, () =>
                        vmApis(vm).compute.refresh(vm.id),
                      )
                    }
                  >
                    Refresh from the platform
                  </Menu.Item>
                </Menu.Content>
              </Menu.Root>
            )}
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
      {renaming && <RenameDialog vm={vm} onClose={() => setRenaming(false)} />}
    </>
  );
}

const displayName = new RegExp(DISPLAY_NAME_PATTERN);

/** Why a display name is refused, or undefined when it is fine. */
export function displayNameError(name: string): string | undefined {
  if (!name) return 'Name is required.';
  if (name.length > 64) return 'Name is too long: at most 64 characters.';
  if (!displayName.test(name))
    return 'Name may hold letters, digits, spaces, dots, dashes and underscores, and must start with a letter or digit.';
  return undefined;
}

function RenameDialog({ vm, onClose }: { vm: Vm; onClose: () => void }) {
  const [name, setName] = useState(vm.display_name);
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    const trimmed = name.trim();
    const problem =
      displayNameError(trimmed) ??
      (trimmed === vm.display_name ? 'This is the current name: type a new one.' : undefined);
    setError(problem);
    if (problem) return false;
    const taskId = await tasks.run(
      {
        operation: 'Rename',
        onRequestError: (e) => setError(serverFieldError(e, ['display_name'])?.display_name),
      },
      () => vmApis(vm).compute.rename(vm.id, trimmed),
    );
    return taskId !== null;
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Rename ${vm.display_name}`}
      description="The new name shows everywhere in the portal; the guest's host name does not change."
      submitLabel="Rename"
      onSubmit={submit}
    >
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error}
        help="1 to 64 letters, digits, spaces, dots, dashes or underscores."
        required
        autoFocus
      />
    </FormDialog>
  );
}
