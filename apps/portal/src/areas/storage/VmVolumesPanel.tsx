import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { mdiDatabase, mdiLinkOff, mdiLinkVariant, mdiPlus } from '@mdi/js';
import type { Volume } from '@portal/api/contract';
import { detachRefusal, MAX_VOLUMES_PER_VM } from '@portal/api/domain';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Link,
  LinkButton,
  Select,
  Skeleton,
  StatusChip,
} from '@portal/ui';
import styled from 'styled-components';
import { queryErrorText } from '../../kit/queryError.ts';
import { confirmTask, useResourceBusy, useTaskAction } from '../../kit/useTaskAction.ts';
import { formatSizeGb } from '../../lib/format.ts';
import { useManage } from '../../state/permissions.ts';
import { DetachDialog } from './DetachDialog.tsx';
import { STORAGE_PERMISSION } from './permission.ts';
import { storageCalls, storageKeys, storageQueries } from './queries.ts';
import { TYPE_LABELS, VolumeStateChip, volumeResource } from './volumeLook.tsx';

const List = styled.ul`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  align-items: center;
  padding: 12px;
  border: 1px solid var(--ui-color-border);
  border-radius: 8px;
`;

const Muted = styled.span`
  color: var(--ui-color-text-secondary);
`;

const Push = styled.span`
  margin-left: auto;
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  align-items: center;
  justify-content: space-between;
  margin-bottom: 12px;
  p {
    margin: 0;
  }
`;

export interface VmVolumesPanelProps {
  vmId: number;
  vmName: string;
  /** The VM's site: only volumes there can be attached. */
  vmLocation: string;
  /** Why the VM cannot take changes now (a task running on it), if it cannot. */
  lockedReason?: string;
}

/** The volumes attached to one VM, for its detail page: attach one at its site, detach one. */
export function VmVolumesPanel({ vmId, vmName, vmLocation, lockedReason }: VmVolumesPanelProps) {
  const query = useQuery(storageQueries.ofVm(vmId));
  const { canManage, readOnlyReason } = useManage(STORAGE_PERMISSION);
  const [attaching, setAttaching] = useState(false);
  const [detaching, setDetaching] = useState<Volume | null>(null);
  const task = useTaskAction({
    operation: 'Attach',
    kind: 'other',
    invalidates: [storageKeys.all],
  });
  if (query.error && !query.data)
    return (
      <ErrorState
        title="The volumes could not be read"
        description={queryErrorText(query.error)}
        action={<Button onClick={() => void query.refetch()}>Try again</Button>}
      />
    );
  if (!query.data) return <Skeleton lines={3} />;
  const volumes = query.data;
  const locked =
    readOnlyReason ??
    lockedReason ??
    (!canManage ? 'Checking what your role may change…' : undefined);
  const full =
    volumes.length >= MAX_VOLUMES_PER_VM
      ? `${vmName} already has ${MAX_VOLUMES_PER_VM} volumes attached, the most a VM may have.`
      : undefined;
  const attachButton = (
    <Button
      variant="outlined"
      leadingIcon={mdiLinkVariant}
      disabledReason={locked ?? full}
      onClick={() => setAttaching(true)}
    >
      Attach a volume
    </Button>
  );
  return (
    <section aria-label={`Volumes of ${vmName}`}>
      {volumes.length === 0 ? (
        <EmptyState
          icon={mdiDatabase}
          title="No volumes attached"
          description={`Attach a volume of ${vmLocation}, or create one in Storage; a VM takes at most ${MAX_VOLUMES_PER_VM}.`}
          action={
            <>
              {attachButton}
              <LinkButton href="/storage/create" leadingIcon={mdiPlus} variant="text">
                Create a volume
              </LinkButton>
            </>
          }
        />
      ) : (
        <>
          <Header>
            <p>
              {volumes.length} of at most {MAX_VOLUMES_PER_VM} volumes attached.
            </p>
            {attachButton}
          </Header>
          <List>
            {volumes.map((volume) => (
              <VolumeRow
                key={volume.id}
                volume={volume}
                lockedReason={locked}
                onDetach={() => setDetaching(volume)}
              />
            ))}
          </List>
        </>
      )}
      {attaching && (
        <AttachVolumeDialog
          vmId={vmId}
          vmName={vmName}
          vmLocation={vmLocation}
          run={task.run}
          onClose={() => setAttaching(false)}
        />
      )}
      {detaching && (
        <DetachDialog
          volume={detaching}
          vmName={vmName}
          run={task.run}
          onClose={() => setDetaching(null)}
        />
      )}
    </section>
  );
}

function VolumeRow({
  volume,
  lockedReason,
  onDetach,
}: {
  volume: Volume;
  lockedReason?: string;
  onDetach: () => void;
}) {
  const busy = useResourceBusy(volumeResource(volume.id));
  return (
    <Row aria-busy={busy.busy || undefined}>
      <Link href={`/storage/${volume.id}`}>{volume.name}</Link>
      {busy.busy ? (
        <StatusChip status="RUNNING" label={busy.label ?? 'Working…'} />
      ) : (
        <VolumeStateChip state={volume.state} />
      )}
      <Muted>
        {formatSizeGb(volume.size_gb)} · {TYPE_LABELS[volume.type]}
      </Muted>
      <Push>
        <Button
          variant="text"
          size="small"
          leadingIcon={mdiLinkOff}
          loading={busy.busy}
          aria-label={`Detach ${volume.name}`}
          disabledReason={
            lockedReason ??
            (busy.busy ? 'A task is running on this volume.' : undefined) ??
            detachRefusal(volume) ??
            undefined
          }
          onClick={onDetach}
        >
          {busy.label ?? 'Detach'}
        </Button>
      </Push>
    </Row>
  );
}

/** Chooses one of the available volumes at the VM's site and attaches it. */
function AttachVolumeDialog({
  vmId,
  vmName,
  vmLocation,
  run,
  onClose,
}: {
  vmId: number;
  vmName: string;
  vmLocation: string;
  run: ReturnType<typeof useTaskAction>['run'];
  onClose: () => void;
}) {
  const all = useQuery(storageQueries.list());
  const [chosen, setChosen] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const here = (all.data ?? []).filter(
    (volume) => volume.location === vmLocation && volume.state === 'available',
  );
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Attach a volume to ${vmName}`}
      description={`Volumes not attached elsewhere, at ${vmLocation}: a volume attaches only to a VM at its own location.`}
      confirmLabel="Attach"
      tone="primary"
      size="medium"
      onConfirm={async () => {
        const volume = here.find((each) => String(each.id) === chosen);
        if (!volume) {
          setProblem('Choose a volume.');
          throw new Error('Choose a volume to attach.');
        }
        await confirmTask(
          run(() => storageCalls.attach(volume.id, vmId), {
            operation: `Attach ${volume.name} to ${vmName}`,
            resource: volumeResource(volume.id),
            runningLabel: 'Attaching…',
          }),
        );
      }}
    >
      <Select
        label="Volume"
        required
        value={chosen}
        onValueChange={(value) => {
          setChosen(value);
          setProblem(undefined);
        }}
        placeholder={all.isPending ? 'Loading volumes…' : 'Choose a volume'}
        options={here.map((volume) => ({
          value: String(volume.id),
          label: `${volume.name} (${formatSizeGb(volume.size_gb)})`,
        }))}
        help={
          all.data && here.length === 0
            ? `No volume at ${vmLocation} is free to attach: create one in Storage.`
            : undefined
        }
        error={problem}
      />
    </ConfirmDialog>
  );
}
