import { useState } from 'react';
import styled from 'styled-components';
import { mdiDisc, mdiEject, mdiResize } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import type { FieldPath } from 'react-hook-form';
import { errorText } from '@portal/api/client';
import { BootCdromBody, ResizeBody, type Vm } from '@portal/api/contract';
import { resizeRefusal } from '@portal/api/domain';
import { Button, Card, ConfirmDialog, KeyValue, Link, StatusChip } from '@portal/ui';
import {
  FormDialog,
  FormNumberField,
  FormSelect,
  useContractForm,
} from '../../../kit/form/index.ts';
import {
  formatDateTime,
  formatMemory,
  formatSizeGb,
  formatSizeMb,
  osName,
} from '../../../lib/format.ts';
import { computeQueries } from '../queries.ts';
import { monitoringQueries } from '../../monitoring/queries.ts';
import { vmApis } from './vmApis.ts';
import { useVmTask } from './vmTasks.ts';
import { confirmTask, dialogTask } from '../../../kit/useTaskAction.ts';
import { useSiteRefusal } from './siteActions.ts';
import { fittingColumns } from '../../../kit/layout.ts';

const Grid = styled.div`
  ${fittingColumns(360)}
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

/**
 * Whether a monitor watches the VM, from the monitors themselves (the one source of truth), linked;
 * the creation-time wish only when the monitors cannot be read.
 */
function MonitoringValue({ vm }: { vm: Vm }) {
  const { data, isError } = useQuery(monitoringQueries.list());
  if (!data) return isError ? (vm.monitoring ? 'Requested at creation' : 'Off') : '…';
  const watching = data.filter((monitor) => monitor.vm_id === vm.id);
  const [first] = watching;
  if (!first) return 'Off';
  return watching.length === 1 ? (
    <Link href={`/monitoring/${first.id}`}>On: {first.name}</Link>
  ) : (
    <Link href={`/monitoring?prevSearch=${encodeURIComponent(vm.display_name)}`}>
      On: {watching.length} monitors
    </Link>
  );
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
            { label: 'Monitoring', value: <MonitoringValue vm={vm} /> },
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

/** The resize form: empty number fields are null until the person types. */
export interface ResizeForm {
  vcpus: number | null;
  memoryGB: number | null;
}

/** The VM's memory in whole GB, as the resize body counts it. */
const memoryGbOf = (vm: Pick<Vm, 'memory'>) => Math.round(vm.memory / 1024);

/**
 * The plan's and the power state's refusal (the domain's `resizeRefusal`, which the server
 * applies too), at the field it concerns; the contract then checks what is left.
 */
export function resizeProblems(
  vm: Pick<Vm, 'vcpus' | 'memory' | 'plan' | 'power_state'>,
  { vcpus, memoryGB }: ResizeForm,
): Partial<Record<keyof ResizeForm, string>> {
  if (vcpus === null || memoryGB === null) return {};
  const current = { vcpus: vm.vcpus, memoryGB: memoryGbOf(vm), powerState: vm.power_state };
  const refusal = resizeRefusal(vm.plan, current, { vcpus, memoryGB });
  if (!refusal) return {};
  // the domain's checks in its order: plan vCPUs, plan memory, no change, shrinking while on
  const field =
    vcpus > vm.plan.max_vcpus
      ? 'vcpus'
      : memoryGB > vm.plan.max_memory_gb
        ? 'memoryGB'
        : vcpus !== current.vcpus && memoryGB !== current.memoryGB
          ? vcpus < current.vcpus
            ? 'vcpus'
            : 'memoryGB'
          : memoryGB !== current.memoryGB
            ? 'memoryGB'
            : 'vcpus';
  return { [field]: refusal };
}

// The contract's limits; the plan's lower ones are said by `resizeProblems`, in place.
const VCPU_LIMIT = 128;
const MEMORY_LIMIT_GB = 2048;

function ResizeButton({ vm, busy }: { vm: Vm; busy: boolean }) {
  const [open, setOpen] = useState(false);
  const task = useVmTask(vm.id, 'settings', 'Resize', 'Resizing…');
  const current: ResizeForm = { vcpus: vm.vcpus, memoryGB: memoryGbOf(vm) };
  const form = useContractForm<ResizeForm>(ResizeBody, {
    defaultValues: current,
    refine: (values) => resizeProblems(vm, values),
    messages: {
      vcpus: `Enter the number of vCPUs: a whole number from 1 to ${vm.plan.max_vcpus}.`,
      memoryGB: `Enter the memory: a whole number of GB from 1 to ${vm.plan.max_memory_gb}.`,
    },
  });

  return (
    <>
      <Button
        leadingIcon={mdiResize}
        disabled={busy}
        onClick={() => {
          form.reset(current);
          setOpen(true);
        }}
      >
        Resize
      </Button>
      <FormDialog
        form={form}
        open={open}
        onOpenChange={setOpen}
        title={`Resize ${vm.display_name}`}
        description={`The ${vm.plan.name} plan allows up to ${vm.plan.max_vcpus} vCPUs and ${vm.plan.max_memory_gb} GB of memory. Reducing either needs the VM powered off.`}
        submitLabel="Resize"
        onSubmit={async ({ vcpus, memoryGB }) => {
          // the resolver let the values through, so both are numbers
          if (vcpus === null || memoryGB === null) return false;
          await dialogTask(task, () => vmApis(vm).compute.resize(vm.id, { vcpus, memoryGB }));
        }}
      >
        <FormNumberField<ResizeForm>
          name="vcpus"
          label="vCPUs"
          min={1}
          max={VCPU_LIMIT}
          help={`Now ${vm.vcpus}; plan maximum ${vm.plan.max_vcpus}.`}
          required
        />
        <FormNumberField<ResizeForm>
          name="memoryGB"
          label="Memory"
          unit="GB"
          min={1}
          max={MEMORY_LIMIT_GB}
          help={`Now ${formatMemory(vm.memory)}; plan maximum ${vm.plan.max_memory_gb} GB.`}
          required
        />
      </FormDialog>
    </>
  );
}

/** Attaching a boot medium, as the contract's body (`media_key` empty until one is chosen). */
interface AttachForm {
  data: { media_key: string; cdrom_number: number | null };
}

const NO_MEDIUM: AttachForm = { data: { media_key: '', cdrom_number: 1 } };

const attachBody = (values: AttachForm): BootCdromBody => ({
  operation: 'attach',
  data: { media_key: values.data.media_key, cdrom_number: values.data.cdrom_number },
});

/** What the contract lets through but an attach needs: a medium and a drive. */
function attachProblems(values: AttachForm): Partial<Record<FieldPath<AttachForm>, string>> {
  const problems: Partial<Record<FieldPath<AttachForm>, string>> = {};
  if (!values.data.media_key)
    problems['data.media_key'] = 'Choose the image to attach from the media library.';
  if (values.data.cdrom_number === null)
    problems['data.cdrom_number'] = 'Choose the drive to put it in: a number from 1 to 4.';
  return problems;
}

function BootCdromCard({ vm, busy }: { vm: Vm; busy: boolean }) {
  const { data: catalogue, error: catalogueError } = useQuery(computeQueries.catalogue());
  const refusal = useSiteRefusal(vm);
  const attachTask = useVmTask(vm.id, 'network', 'Attach CD-ROM', 'Attaching the CD-ROM…');
  const detachTask = useVmTask(vm.id, 'network', 'Detach CD-ROM', 'Detaching the CD-ROM…');
  const [open, setOpen] = useState(false);
  const [detaching, setDetaching] = useState(false);
  const form = useContractForm<AttachForm>(BootCdromBody, {
    defaultValues: NO_MEDIUM,
    toBody: attachBody,
    refine: attachProblems,
    labels: { 'data.media_key': 'medium', 'data.cdrom_number': 'drive' },
  });

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
            disabledReason={refusal('cdrom')}
            onClick={() => {
              form.reset(NO_MEDIUM);
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
        form={form}
        open={open}
        onOpenChange={setOpen}
        title={`Attach a CD-ROM to ${vm.display_name}`}
        submitLabel="Attach"
        onSubmit={async (values) => {
          await dialogTask(attachTask, () =>
            vmApis(vm).compute.bootCdrom(vm.id, attachBody(values)),
          );
        }}
      >
        <FormSelect<AttachForm>
          name="data.media_key"
          label="Medium"
          placeholder="Choose an image"
          options={(catalogue?.media ?? []).map((m) => ({
            value: m.key,
            label: m.name,
            description: formatSizeMb(m.size_mb),
          }))}
          required
        />
        <FormNumberField<AttachForm>
          name="data.cdrom_number"
          label="Drive"
          min={1}
          max={4}
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
