import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { mdiArrowExpandVertical, mdiDelete, mdiLinkOff, mdiLinkVariant } from '@mdi/js';
import { VolumeAttach, VolumeExtend, type Volume } from '@portal/api/contract';
import {
  deleteVolumeRefusal,
  detachRefusal,
  extendRefusal,
  MAX_VOLUMES_PER_VM,
} from '@portal/api/domain';
import { Alert, Button, Card, ConfirmDialog, KeyValue, Link, StatusChip } from '@portal/ui';
import { DetailPage, detailReadProps } from '../../kit/DetailPage.tsx';
import { FormDialog, FormNumberField, FormSelect, useContractForm } from '../../kit/form/index.ts';
import { useResourceBusy } from '../../kit/useTaskAction.ts';
import { formatDateTime, formatSizeGb, formatBytesGb } from '../../lib/format.ts';
import { useManage } from '../../state/permissions.ts';
import { computeQueries, siteOf } from '../compute/queries.ts';
import { DetachDialog } from './DetachDialog.tsx';
import { MountHelp } from './MountHelp.tsx';
import { STORAGE_PERMISSION } from './permission.ts';
import { storageCalls, storageQueries } from './queries.ts';
import { TYPE_LABELS, VolumeStateChip, sourceText, volumeResource } from './volumeLook.tsx';
import { useVolumeTask } from './volumeTasks.ts';
import { confirmTask, dialogTask } from '../../kit/useTaskAction.ts';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
`;

/** Why the volume's actions are refused now (a role that may only look, a task running). */
const BUSY_REASON = 'A task is running on this volume: wait for it to end.';

type Dialog = null | 'attach' | 'detach' | 'extend' | 'delete';

/**
 * `/storage/{id}`: one volume: attach it to a VM at its site, detach it, extend it (only
 * upward), delete it (confirmed by its name; refused while attached).
 */
export function StorageDetailPage() {
  const { id: idParam = '' } = useParams();
  const id = Number(idParam);
  const navigate = useNavigate();
  const read = useQuery(storageQueries.volume(id));
  const volume = read.data;
  const onVolume = useResourceBusy(volumeResource(id));
  const { canManage, readOnlyReason } = useManage(STORAGE_PERMISSION);
  const [dialog, setDialog] = useState<Dialog>(null);
  const task = useVolumeTask(id, 'Volume');
  const catalogue = useQuery(computeQueries.catalogue());

  const transitional =
    volume?.state === 'creating' || volume?.state === 'extending' || volume?.state === 'deleting';
  const lockedReason =
    readOnlyReason ??
    (!canManage
      ? 'Checking what your role may change…'
      : onVolume.busy || transitional
        ? BUSY_REASON
        : undefined);
  const close = () => setDialog(null);

  return (
    <DetailPage
      listPath="/storage"
      listLabel="Storage"
      noun="volume"
      {...detailReadProps(read)}
      title={volume?.name ?? `Volume ${idParam}`}
      loadingTitle={`Volume ${idParam}`}
      status={volume && <VolumeStateChip state={volume.state} size="medium" />}
      description={
        volume && (
          <Actions>
            {onVolume.busy && <StatusChip status="RUNNING" label={onVolume.label ?? 'Working…'} />}
            <span>
              {formatSizeGb(volume.size_gb)} · {TYPE_LABELS[volume.type]} · {volume.location}
            </span>
            {readOnlyReason && <span role="note">{readOnlyReason}</span>}
          </Actions>
        )
      }
      notice={
        volume?.platform_message && (
          <Alert kind="warning" title="Changed outside the portal">
            {volume.platform_message}
          </Alert>
        )
      }
      actions={
        volume && (
          <Actions>
            {volume.attached_vm ? (
              <Button
                variant="outlined"
                leadingIcon={mdiLinkOff}
                disabledReason={lockedReason ?? detachRefusal(volume) ?? undefined}
                onClick={() => setDialog('detach')}
              >
                Detach
              </Button>
            ) : (
              <Button
                variant="primary"
                leadingIcon={mdiLinkVariant}
                disabledReason={
                  lockedReason ??
                  (volume.state === 'available'
                    ? undefined
                    : `The volume is ${volume.state} and cannot be attached.`)
                }
                onClick={() => setDialog('attach')}
              >
                Attach
              </Button>
            )}
            <Button
              variant="outlined"
              leadingIcon={mdiArrowExpandVertical}
              disabledReason={
                lockedReason ??
                (volume.state === 'available' || volume.state === 'in-use'
                  ? undefined
                  : `The volume is ${volume.state} and cannot be extended now.`)
              }
              onClick={() => setDialog('extend')}
            >
              Extend
            </Button>
            <Button
              variant="danger"
              leadingIcon={mdiDelete}
              disabledReason={lockedReason ?? deleteVolumeRefusal(volume) ?? undefined}
              onClick={() => setDialog('delete')}
            >
              Delete
            </Button>
          </Actions>
        )
      }
    >
      {volume && (
        <>
          <Card title="Volume" headingLevel={2}>
            <KeyValue
              items={[
                { label: 'Name', value: volume.name },
                { label: 'Size', value: formatSizeGb(volume.size_gb) },
                // What the site's platform counts (LXD on a pool that counts; not a `dir` pool).
                ...(typeof volume.used_bytes === 'number'
                  ? [{ label: 'Used', value: formatBytesGb(volume.used_bytes) }]
                  : []),
                { label: 'Type', value: TYPE_LABELS[volume.type] },
                { label: 'Location', value: volume.location },
                {
                  label: 'Attached to',
                  value: volume.attached_vm ? (
                    <Link href={`/compute/${volume.attached_vm.id}?tab=volumes`}>
                      {volume.attached_vm.display_name}
                    </Link>
                  ) : (
                    'Not attached'
                  ),
                },
                { label: 'Source', value: sourceText(volume) },
                { label: 'Created', value: formatDateTime(volume.created_at) },
                { label: 'Volume id', value: String(volume.id), mono: true },
              ]}
            />
          </Card>
          <MountHelp volume={volume} lxd={siteOf(catalogue.data, volume)?.backend === 'lxd'} />
          {dialog === 'attach' && <AttachDialog volume={volume} onClose={close} />}
          {dialog === 'extend' && <ExtendDialog volume={volume} onClose={close} />}
          {dialog === 'detach' && volume.attached_vm && (
            <DetachDialog
              volume={volume}
              vmName={volume.attached_vm.display_name}
              run={task.run}
              onClose={close}
            />
          )}
          {dialog === 'delete' && (
            <ConfirmDialog
              open
              onOpenChange={(open) => !open && close()}
              title={`Delete volume ${volume.name}?`}
              description="Its data is gone for good. This cannot be undone."
              confirmLabel="Delete"
              tone="danger"
              requireText={volume.name}
              requireTextLabel="Volume name"
              onConfirm={async () => {
                const run = await confirmTask(
                  task.run(() => storageCalls.remove(volume.id), {
                    operation: `Delete ${volume.name}`,
                    runningLabel: 'Deleting…',
                  }),
                );
                void run.settled.then((status) => {
                  if (status.state === 'SUCCESS') navigate('/storage');
                });
              }}
            />
          )}
        </>
      )}
    </DetailPage>
  );
}

interface AttachForm {
  vm_id: string;
}

function AttachDialog({ volume, onClose }: { volume: Volume; onClose: () => void }) {
  const vms = useQuery(computeQueries.list());
  const task = useVolumeTask(volume.id, 'Attach');
  const here = (vms.data ?? []).filter((vm) => vm.location === volume.location);
  const form = useContractForm<AttachForm>(VolumeAttach, {
    defaultValues: { vm_id: '' },
    toBody: (values) => ({ vm_id: Number(values.vm_id) }),
    refine: (values) => (values.vm_id ? {} : { vm_id: 'Choose a virtual machine.' }),
    labels: { vm_id: 'virtual machine' },
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={`Attach ${volume.name}`}
      description={`A volume attaches to a virtual machine at its own location (${volume.location}); a VM takes at most ${MAX_VOLUMES_PER_VM} volumes.`}
      submitLabel="Attach"
      onSubmit={async (values) => {
        const vm = here.find((each) => String(each.id) === values.vm_id);
        await dialogTask(task, () => storageCalls.attach(volume.id, Number(values.vm_id)), {
          operation: `Attach ${volume.name} to ${vm?.display_name ?? 'the VM'}`,
          runningLabel: 'Attaching…',
        });
      }}
    >
      <FormSelect<AttachForm>
        name="vm_id"
        label="Virtual machine"
        placeholder={vms.isPending ? 'Loading virtual machines…' : 'Choose a virtual machine'}
        options={here.map((vm) => ({ value: String(vm.id), label: vm.display_name }))}
        help={
          vms.data && here.length === 0
            ? `You have no virtual machine at ${volume.location}.`
            : `Virtual machines at ${volume.location}.`
        }
        required
      />
    </FormDialog>
  );
}

interface ExtendForm {
  size_gb: number | null;
}

function ExtendDialog({ volume, onClose }: { volume: Volume; onClose: () => void }) {
  const task = useVolumeTask(volume.id, 'Extend');
  const form = useContractForm<ExtendForm>(VolumeExtend, {
    defaultValues: { size_gb: volume.size_gb * 2 },
    refine: (values): Partial<Record<'size_gb', string>> => {
      if (values.size_gb === null) return { size_gb: 'Enter the new size in GB.' };
      const refusal = extendRefusal(volume, values.size_gb);
      return refusal ? { size_gb: refusal } : {};
    },
    labels: { size_gb: 'size' },
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={`Extend ${volume.name}`}
      description={`A volume only grows; it has ${formatSizeGb(volume.size_gb)} now. Grow the file system in the guest afterwards.`}
      submitLabel="Extend"
      onSubmit={async (values) => {
        const size = values.size_gb ?? volume.size_gb;
        await dialogTask(task, () => storageCalls.extend(volume.id, size), {
          operation: `Extend ${volume.name}`,
          runningLabel: 'Extending…',
        });
      }}
    >
      <FormNumberField<ExtendForm>
        name="size_gb"
        label="New size"
        unit="GB"
        help={`More than ${formatSizeGb(volume.size_gb)}.`}
        required
        autoFocus
      />
    </FormDialog>
  );
}
