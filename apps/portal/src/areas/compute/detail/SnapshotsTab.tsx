import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  mdiCamera,
  mdiDatabasePlus,
  mdiDelete,
  mdiDeleteSweep,
  mdiPencil,
  mdiBackupRestore,
} from '@mdi/js';
import { SnapshotOperation, type PowerState, type Snapshot, type Vm } from '@portal/api/contract';
import { powerStateAfterRevert } from '@portal/api/domain';
import {
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  KeyValue,
  Skeleton,
  SkeletonGroup,
  TreeView,
  type TreeNode,
} from '@portal/ui';
import {
  FormCheckbox,
  FormDialog,
  FormTextField,
  useContractForm,
} from '../../../kit/form/index.ts';
import { queryErrorText } from '../../../kit/queryError.ts';
import type { TaskRun } from '../../../kit/useTaskAction.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { volumeFromSnapshotHref } from '../../storage/manifest.ts';
import { computeQueries } from '../queries.ts';
import { seriesOf, vmApis } from './vmApis.ts';
import { useVmTask } from './vmTasks.ts';
import { confirmTask, formTask, shownInDialog } from '../../../kit/useTaskAction.ts';
import { useSiteRefusal } from './siteActions.ts';
import { fittingColumns } from '../../../kit/layout.ts';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 16px;
`;

const Layout = styled.div`
  ${fittingColumns(320)}
  align-items: start;
`;

/** Snapshots as a tree: each hangs under its parent; roots are those without one. */
export function snapshotTree(snapshots: readonly Snapshot[]): TreeNode[] {
  const nodes = new Map<number, TreeNode & { children: TreeNode[] }>();
  for (const s of snapshots)
    nodes.set(s.id, {
      id: String(s.id),
      label: s.name,
      description: formatDateTime(s.created_at),
      icon: mdiCamera,
      badge: s.is_current ? 'current' : undefined,
      children: [],
    });
  const roots: TreeNode[] = [];
  for (const s of snapshots) {
    const node = nodes.get(s.id);
    if (!node) continue;
    const parent = s.parent_id === null ? undefined : nodes.get(s.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  const prune = (list: TreeNode[]): TreeNode[] =>
    list.map((n) =>
      n.children && n.children.length > 0
        ? { ...n, children: prune(n.children) }
        : { ...n, children: undefined },
    );
  return prune(roots);
}

const NAME_MAX = 80;
const DESCRIPTION_MAX = 500;

export interface SnapshotsTabProps {
  vm: Vm;
  busy: boolean;
}

export function SnapshotsTab({ vm, busy }: SnapshotsTabProps) {
  const query = useQuery(computeQueries.snapshots(vm.id, seriesOf(vm)));
  const snapshots = query.data ?? null;
  const task = useVmTask(vm.id, 'snapshot', 'Snapshot', 'Writing a snapshot…');
  const navigate = useNavigate();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<
    null | 'create' | 'edit' | 'revert' | 'delete' | 'deleteAll'
  >(null);

  const nodes = useMemo(() => snapshotTree(snapshots ?? []), [snapshots]);
  const selected = snapshots?.find((s) => String(s.id) === selectedId) ?? null;
  const send: Send = (operation, body, runningLabel, onRequestError) =>
    task.run(() => vmApis(vm).base.snapshot(vm.id, body), {
      operation,
      runningLabel,
      onRequestError,
    });

  if (query.error && !snapshots)
    return (
      <ErrorState
        title="The snapshots could not be read"
        description={queryErrorText(query.error)}
        action={<Button onClick={() => void query.refetch()}>Try again</Button>}
      />
    );
  if (!snapshots)
    return (
      <SkeletonGroup label="Loading snapshots">
        <Skeleton lines={4} />
      </SkeletonGroup>
    );

  return (
    <>
      <Toolbar>
        <Button
          variant="primary"
          leadingIcon={mdiCamera}
          disabled={busy}
          onClick={() => setDialog('create')}
        >
          Create snapshot
        </Button>
        <Button
          variant="outlined"
          tone="secondary"
          leadingIcon={mdiDeleteSweep}
          disabled={busy || snapshots.length === 0}
          onClick={() => setDialog('deleteAll')}
        >
          Delete all
        </Button>
      </Toolbar>
      {snapshots.length === 0 ? (
        <EmptyState
          icon={mdiCamera}
          title="No snapshots yet"
          description="A snapshot keeps the VM's disks (and optionally its memory) as they are now, to go back to later."
        />
      ) : (
        <Layout>
          <Card title="Snapshot tree" headingLevel={2}>
            <TreeView
              aria-label={`Snapshots of ${vm.display_name}`}
              nodes={nodes}
              defaultExpanded={snapshots.map((s) => String(s.id))}
              selected={selectedId}
              onSelectedChange={(id) => setSelectedId(id)}
            />
          </Card>
          <Card
            title={selected ? selected.name : 'No snapshot selected'}
            headingLevel={2}
            subtitle={
              selected ? undefined : 'Select a snapshot in the tree to revert, edit or delete it.'
            }
            actions={
              selected ? (
                <>
                  <Button
                    leadingIcon={mdiBackupRestore}
                    disabled={busy}
                    onClick={() => setDialog('revert')}
                  >
                    Revert
                  </Button>
                  <Button leadingIcon={mdiPencil} disabled={busy} onClick={() => setDialog('edit')}>
                    Edit
                  </Button>
                  <Button
                    leadingIcon={mdiDatabasePlus}
                    onClick={() => navigate(volumeFromSnapshotHref(vm.id, selected.id))}
                  >
                    Create volume from snapshot
                  </Button>
                  <Button
                    variant="danger"
                    leadingIcon={mdiDelete}
                    disabled={busy}
                    onClick={() => setDialog('delete')}
                  >
                    Delete
                  </Button>
                </>
              ) : undefined
            }
          >
            {selected && (
              <KeyValue
                items={[
                  { label: 'Description', value: selected.description },
                  { label: 'Created', value: formatDateTime(selected.created_at) },
                  {
                    label: 'Memory included',
                    value: selected.power_state === 'poweredOn' ? 'Yes' : 'No',
                  },
                  { label: 'Quiesced', value: selected.quiesced ? 'Yes' : 'No' },
                  {
                    label: 'Current',
                    value: selected.is_current ? 'The VM runs from this snapshot' : 'No',
                  },
                ]}
              />
            )}
          </Card>
        </Layout>
      )}

      {/* mounted per opening, so the form starts from the snapshot being edited */}
      {(dialog === 'create' || (dialog === 'edit' && selected)) && (
        <SnapshotFormDialog
          open
          mode={dialog}
          vm={vm}
          snapshot={dialog === 'edit' ? selected : null}
          onOpenChange={(open) => !open && setDialog(null)}
          send={send}
        />
      )}

      {dialog === 'revert' && selected && (
        <RevertDialog vm={vm} snapshot={selected} onClose={() => setDialog(null)} send={send} />
      )}
      {dialog === 'delete' && selected && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          title={`Delete snapshot ${selected.name}?`}
          description="Its changes are merged into the snapshots after it; the VM keeps running as it is. This cannot be undone."
          confirmLabel="Delete"
          tone="danger"
          onConfirm={async () => {
            await confirmTask(
              send(
                'Delete snapshot',
                { snap_op: 'DeleteSnapshot', snap_id: selected.id },
                'Deleting a snapshot…',
              ),
            );
            setSelectedId(null);
          }}
        />
      )}
      {dialog === 'deleteAll' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          title={`Delete all ${snapshots.length} snapshots of ${vm.display_name}?`}
          description="Every snapshot goes; the VM keeps its current state. This cannot be undone."
          confirmLabel="Delete all"
          tone="danger"
          requireText={vm.display_name}
          requireTextLabel="VM name"
          onConfirm={async () => {
            await confirmTask(
              send(
                'Delete all snapshots',
                { snap_op: 'DeleteAllSnapshots' },
                'Deleting the snapshots…',
              ),
            );
            setSelectedId(null);
          }}
        />
      )}
    </>
  );
}

type Send = (
  operation: string,
  body: SnapshotOperation,
  runningLabel: string,
  onRequestError?: (error: unknown) => boolean,
) => Promise<TaskRun>;

/** The snapshot form, named as the contract's body so a 400 on `name` lands at its field. */
export interface SnapshotForm {
  name: string;
  description: string;
  /** Create: include the memory (the VM's power state). */
  power_state: boolean;
  /** Create: quiesce the guest file system first. */
  quiesced: boolean;
}

/** The request body of a create or an edit; memory and quiesce only for a powered-on VM. */
export function snapshotBody(
  values: SnapshotForm,
  mode: 'create' | 'edit',
  vm: Pick<Vm, 'power_state'>,
  snapshot: Pick<Snapshot, 'id'> | null,
): SnapshotOperation {
  const poweredOn = vm.power_state === 'poweredOn';
  return mode === 'create'
    ? {
        snap_op: 'CreateSnapshot',
        name: values.name.trim(),
        description: values.description,
        power_state: poweredOn && values.power_state,
        quiesced: poweredOn && values.quiesced,
      }
    : {
        snap_op: 'EditSnapshot',
        snap_id: snapshot?.id ?? null,
        name: values.name.trim(),
        description: values.description,
      };
}

/** The name the contract leaves optional is what a person finds the snapshot by. */
export const snapshotProblems = (values: SnapshotForm): Partial<Record<'name', string>> =>
  values.name.trim() ? {} : { name: 'Name is required.' };

function SnapshotFormDialog({
  open,
  mode,
  vm,
  snapshot,
  onOpenChange,
  send,
}: {
  open: boolean;
  mode: 'create' | 'edit';
  vm: Vm;
  snapshot: Snapshot | null;
  onOpenChange: (open: boolean) => void;
  send: Send;
}) {
  const refusal = useSiteRefusal(vm);
  const poweredOn = vm.power_state === 'poweredOn';
  const form = useContractForm<SnapshotForm>(SnapshotOperation, {
    defaultValues: {
      name: snapshot?.name ?? '',
      description: snapshot?.description ?? '',
      power_state: false,
      quiesced: false,
    },
    toBody: (values) => snapshotBody(values, mode, vm, snapshot),
    refine: snapshotProblems,
    messages: {
      name: `Name is too long: at most ${NAME_MAX} characters.`,
      description: `Description is too long: at most ${DESCRIPTION_MAX} characters.`,
    },
  });

  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={
        mode === 'create'
          ? `Create a snapshot of ${vm.display_name}`
          : `Edit snapshot ${snapshot?.name ?? ''}`
      }
      submitLabel={mode === 'create' ? 'Create' : 'Save'}
      onSubmit={async (values) => {
        const body = snapshotBody(values, mode, vm, snapshot);
        await formTask(
          mode === 'create'
            ? send('Create snapshot', body, 'Creating a snapshot…', shownInDialog)
            : send('Edit snapshot', body, 'Saving the snapshot…', shownInDialog),
        );
      }}
    >
      <FormTextField<SnapshotForm>
        name="name"
        label="Name"
        help={`Up to ${NAME_MAX} characters.`}
        required
        autoFocus
      />
      <FormTextField<SnapshotForm>
        name="description"
        label="Description"
        help="Optional: what this state is for."
      />
      {mode === 'create' && (
        <>
          <FormCheckbox<SnapshotForm>
            name="power_state"
            label="Include the memory (the VM resumes running after a revert)"
            disabled={!poweredOn || refusal('memorySnapshot') !== undefined}
            help={
              refusal('memorySnapshot') ?? (poweredOn ? undefined : 'Only for a powered-on VM.')
            }
          />
          <FormCheckbox<SnapshotForm>
            name="quiesced"
            label="Quiesce the guest file system first"
            disabled={!poweredOn || refusal('quiescedSnapshot') !== undefined}
            help={
              refusal('quiescedSnapshot') ??
              (poweredOn ? 'Needs the guest tools running in the VM.' : 'Only for a powered-on VM.')
            }
          />
        </>
      )}
    </FormDialog>
  );
}

const POWER_WORDS: Record<PowerState, string> = {
  poweredOn: 'powered on',
  poweredOff: 'powered off',
  suspended: 'suspended',
};

/**
 * What a revert does, in plain words: the state it goes back to, the power state it comes back
 * in (the snapshot's own, unless power-on is suppressed) and that later changes are lost.
 */
export function revertDescription(snapshot: Snapshot, suppressPowerOn: boolean): string {
  const then = snapshot.power_state;
  const after = powerStateAfterRevert(then, suppressPowerOn);
  const power =
    after === then
      ? `It was ${POWER_WORDS[then]} then, so it will be ${POWER_WORDS[after]} after the revert.`
      : `It was ${POWER_WORDS[then]} then, but it will stay ${POWER_WORDS[after]} after the revert.`;
  return (
    `The VM returns to the state of ${snapshot.name}, taken ${formatDateTime(snapshot.created_at)}. ` +
    `${power} Changes made since then are lost, unless another snapshot holds them.`
  );
}

function RevertDialog({
  vm,
  snapshot,
  onClose,
  send,
}: {
  vm: Vm;
  snapshot: Snapshot;
  onClose: () => void;
  send: Send;
}) {
  const [stayOff, setStayOff] = useState(false);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Revert ${vm.display_name} to ${snapshot.name}?`}
      description={revertDescription(snapshot, stayOff)}
      confirmLabel="Revert"
      tone="danger"
      onConfirm={() =>
        confirmTask(
          send(
            'Revert snapshot',
            { snap_op: 'RevertSnapshot', snap_id: snapshot.id, suppress_power_on: stayOff },
            'Reverting…',
          ),
        )
      }
    >
      {/* A snapshot taken powered off comes back powered off anyway: nothing to choose. */}
      {snapshot.power_state !== 'poweredOff' && (
        <Checkbox
          label="Stay powered off after the revert"
          checked={stayOff}
          onCheckedChange={(v) => setStayOff(v === true)}
        />
      )}
    </ConfirmDialog>
  );
}
