import { useState } from 'react';
import styled from 'styled-components';
import { mdiDisc, mdiEject, mdiResize } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '@portal/api/client';
import type { Vm } from '@portal/api/contract';
import { Button, Card, ConfirmDialog, KeyValue, NumberField, Select, StatusChip } from '@portal/ui';
import { formatDateTime, formatMemory, formatSizeGb, osName } from '../../../lib/format.ts';
import { computeQueries } from '../queries.ts';
import { FormDialog } from './FormDialog.tsx';
import { serverFieldError, type FieldErrors } from './fieldErrors.ts';
import { vmApis } from './vmApis.ts';
import { confirmTask, useVmTask } from './vmTasks.ts';

const Grid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 360px), 1fr));
  align-items: start;
`;

const VM_STATUS_KIND: Record<Vm['status'], string> = {
  trial: 'info',
  active: 'success',
  error: 'error',
};

export function VmStatusChip({ status }: { status: Vm['status'] }) {
  const label = { trial: 'Trial', active: 'Active', error: 'Error' }[status];
  return <StatusChip status={VM_STATUS_KIND[status]} label={label} />;
}

export interface OverviewTabProps {
  vm: Vm;
  busy: boolean;
}

export function OverviewTab({ vm, busy }: OverviewTabProps) {
  const ips = vm.adapters.map((a) => a.ip).filter((ip): ip is string => !!ip);
  const publicIps = (vm.nat ?? [])
    .filter((n) => n.status === 'active')
    .map((n) => n.global_ipaddress);
  return (
    <Grid>
      <Card title="Details" headingLevel={2}>
        <KeyValue
          items={[
            { label: 'Status', value: <VmStatusChip status={vm.status} /> },
            { label: 'Power', value: <StatusChip status={vm.power_state} /> },
            { label: 'Operating system', value: osName(vm.os) || vm.os.guest_full_name },
            { label: 'Location', value: vm.location },
            { label: 'Cluster', value: vm.cluster },
            {
              label: 'Private IP addresses',
              value: ips.join(', '),
              copyable: ips.length > 0,
              mono: true,
            },
            {
              label: 'Public IP addresses',
              value: publicIps.join(', '),
              copyable: publicIps.length > 0,
              mono: true,
            },
            { label: 'Backup (vSnap)', value: vm.vsnap ? 'On' : 'Off' },
            { label: 'Monitoring', value: vm.monitoring ? 'On' : 'Off' },
            { label: 'VM id', value: vm.id, copyable: true, mono: true },
            ...(vm.serviceid
              ? [{ label: 'VW series service', value: vm.serviceid, mono: true }]
              : []),
            { label: 'Created', value: formatDateTime(vm.created_at) },
          ]}
        />
      </Card>
      <Card
        title="Hardware"
        headingLevel={2}
        actions={vm.serviceid ? undefined : <ResizeButton vm={vm} busy={busy} />}
      >
        <KeyValue
          items={[
            { label: 'Plan', value: vm.plan.name },
            { label: 'vCPUs', value: `${vm.vcpus} (plan allows ${vm.plan.max_vcpus})` },
            {
              label: 'Memory',
              value: `${formatMemory(vm.memory)} (plan allows ${vm.plan.max_memory_gb} GB)`,
            },
            { label: 'Disk', value: formatSizeGb(vm.disk_size_gb) },
            {
              label: 'Boot CD-ROM',
              value: vm.boot_cdrom
                ? `${vm.boot_cdrom.name} (drive ${vm.boot_cdrom.cdrom_number})`
                : 'None attached',
            },
          ]}
        />
      </Card>
      {!vm.serviceid && <BootCdromCard vm={vm} busy={busy} />}
    </Grid>
  );
}

type ResizeField = 'vcpus' | 'memoryGB';
const VCPU_LIMIT = 128;
const MEMORY_LIMIT_GB = 2048;

function ResizeButton({ vm, busy }: { vm: Vm; busy: boolean }) {
  const [open, setOpen] = useState(false);
  const [vcpus, setVcpus] = useState<number | null>(vm.vcpus);
  const [memoryGB, setMemoryGB] = useState<number | null>(Math.round(vm.memory / 1024));
  const [errors, setErrors] = useState<FieldErrors<ResizeField>>({});
  const task = useVmTask(vm.id, 'settings', 'Resize', 'Resizing…');

  const submit = async () => {
    const found: FieldErrors<ResizeField> = {};
    if (vcpus === null) found.vcpus = 'vCPUs is required: enter a whole number from 1.';
    if (memoryGB === null)
      found.memoryGB = 'Memory is required: enter a whole number of GB from 1.';
    if (vcpus === vm.vcpus && memoryGB === Math.round(vm.memory / 1024))
      found.vcpus = 'Nothing changes: choose other vCPUs or memory.';
    setErrors(found);
    if (vcpus === null || memoryGB === null || Object.keys(found).length > 0) return false;
    const result = await task.run(() => vmApis(vm).compute.resize(vm.id, { vcpus, memoryGB }));
    if (!result.ok) setErrors(serverFieldError(result.error, ['vcpus', 'memoryGB']) ?? {});
    return result.ok;
  };

  return (
    <>
      <Button
        leadingIcon={mdiResize}
        disabled={busy}
        onClick={() => {
          setVcpus(vm.vcpus);
          setMemoryGB(Math.round(vm.memory / 1024));
          setErrors({});
          setOpen(true);
        }}
      >
        Resize
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={`Resize ${vm.display_name}`}
        description={`The ${vm.plan.name} plan allows up to ${vm.plan.max_vcpus} vCPUs and ${vm.plan.max_memory_gb} GB of memory. Reducing either needs the VM powered off.`}
        submitLabel="Resize"
        onSubmit={submit}
      >
        <NumberField
          label="vCPUs"
          value={vcpus}
          onValueChange={setVcpus}
          min={1}
          max={VCPU_LIMIT}
          error={errors.vcpus}
          help={`Now ${vm.vcpus}; plan maximum ${vm.plan.max_vcpus}.`}
          required
        />
        <NumberField
          label="Memory"
          unit="GB"
          value={memoryGB}
          onValueChange={setMemoryGB}
          min={1}
          max={MEMORY_LIMIT_GB}
          error={errors.memoryGB}
          help={`Now ${formatMemory(vm.memory)}; plan maximum ${vm.plan.max_memory_gb} GB.`}
          required
        />
      </FormDialog>
    </>
  );
}

function BootCdromCard({ vm, busy }: { vm: Vm; busy: boolean }) {
  const { data: catalogue, error: catalogueError } = useQuery(computeQueries.catalogue());
  const attachTask = useVmTask(vm.id, 'network', 'Attach CD-ROM', 'Attaching the CD-ROM…');
  const detachTask = useVmTask(vm.id, 'network', 'Detach CD-ROM', 'Detaching the CD-ROM…');
  const [open, setOpen] = useState(false);
  const [mediaKey, setMediaKey] = useState('');
  const [drive, setDrive] = useState<number | null>(1);
  const [errors, setErrors] = useState<FieldErrors<'media_key' | 'cdrom_number'>>({});
  const [detaching, setDetaching] = useState(false);

  const attach = async () => {
    const found: FieldErrors<'media_key' | 'cdrom_number'> = {};
    if (!mediaKey) found.media_key = 'Medium is required: choose an image from the library.';
    if (drive === null) found.cdrom_number = 'Drive is required: choose drive 1 to 4.';
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    const result = await attachTask.run(() =>
      vmApis(vm).compute.bootCdrom(vm.id, {
        operation: 'attach',
        data: { media_key: mediaKey, cdrom_number: drive },
      }),
    );
    if (!result.ok) setErrors(serverFieldError(result.error, ['media_key', 'cdrom_number']) ?? {});
    return result.ok;
  };

  return (
    <Card
      title="Boot CD-ROM"
      headingLevel={2}
      subtitle={
        vm.boot_cdrom
          ? `${vm.boot_cdrom.name} is in drive ${vm.boot_cdrom.cdrom_number}.`
          : 'Attach an image from the media library to boot or install from it.'
      }
      actions={
        vm.boot_cdrom ? (
          <Button leadingIcon={mdiEject} disabled={busy} onClick={() => setDetaching(true)}>
            Detach
          </Button>
        ) : (
          <Button
            leadingIcon={mdiDisc}
            disabled={busy || !catalogue}
            onClick={() => {
              setMediaKey('');
              setDrive(1);
              setErrors({});
              setOpen(true);
            }}
          >
            Attach
          </Button>
        )
      }
    >
      {catalogueError && (
        <p role="alert">The media library could not be read: {errorText(catalogueError)}</p>
      )}
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={`Attach a CD-ROM to ${vm.display_name}`}
        submitLabel="Attach"
        onSubmit={attach}
      >
        <Select
          label="Medium"
          placeholder="Choose an image"
          options={(catalogue?.media ?? []).map((m) => ({
            value: m.key,
            label: m.name,
            description: `${m.size_mb} MB`,
          }))}
          value={mediaKey}
          onValueChange={setMediaKey}
          error={errors.media_key}
          required
        />
        <NumberField
          label="Drive"
          value={drive}
          onValueChange={setDrive}
          min={1}
          max={4}
          error={errors.cdrom_number}
          help="CD-ROM drive 1 to 4."
          required
        />
      </FormDialog>
      {detaching && vm.boot_cdrom && (
        <ConfirmDialog
          open
          onOpenChange={(next) => {
            if (!next) setDetaching(false);
          }}
          title={`Detach ${vm.boot_cdrom.name}?`}
          description={`Drive ${vm.boot_cdrom.cdrom_number} of ${vm.display_name} is left empty.`}
          confirmLabel="Detach"
          tone="primary"
          onConfirm={() => {
            const drive = vm.boot_cdrom?.cdrom_number ?? 1;
            return confirmTask(
              detachTask.run(() =>
                vmApis(vm).compute.bootCdrom(vm.id, {
                  operation: 'detach',
                  data: { cdrom_number: drive },
                }),
              ),
            );
          }}
        />
      )}
    </Card>
  );
}
