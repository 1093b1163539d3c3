import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import {
  VOLUME_SIZE_MAX_GB,
  VOLUME_SIZE_MIN_GB,
  VOLUME_TYPES,
  VolumeCreate,
  type Vm,
  type VolumeType,
} from '@portal/api/contract';
import { snapshotVolumeSize } from '@portal/api/domain';
import { Alert, KeyValue } from '@portal/ui';
import {
  CreateFlow,
  CreatePage,
  FormNumberField,
  FormRadioGroup,
  FormSelect,
  FormTextField,
  serverFieldOf,
  useContractForm,
  type CreateStep,
} from '../../kit/form/index.ts';
import { useTaskAction } from '../../kit/useTaskAction.ts';
import { formatSizeGb } from '../../lib/format.ts';
import { useCanState } from '../../state/permissions.ts';
import { computeQueries, siteOf } from '../compute/queries.ts';
import { STORAGE_PERMISSION } from './permission.ts';
import { storageCalls, storageKeys } from './queries.ts';
import { TYPE_LABELS, volumeResource } from './volumeLook.tsx';

const LIST_PATH = '/storage';

/** The creation form; `source` chooses between an empty volume and a VM snapshot. */
export interface VolumeForm {
  source: 'empty' | 'snapshot';
  vm_id: string;
  snapshot_id: string;
  name: string;
  type: VolumeType;
  location: string;
  size_gb: number | null;
}

/** The request body the form stands for. */
export function volumeCreateBody(values: VolumeForm): VolumeCreate {
  const base = { name: values.name.trim(), type: values.type };
  const size = values.size_gb === null ? {} : { size_gb: values.size_gb };
  return values.source === 'snapshot'
    ? {
        ...base,
        ...size,
        source: { vm_id: Number(values.vm_id), snapshot_id: Number(values.snapshot_id) },
      }
    : { ...base, ...size, location: values.location };
}

/** Where a server 400's field shows in the form. */
const formFieldOf = (field: string): keyof VolumeForm | undefined => {
  if (field === 'source.vm_id') return 'vm_id';
  if (field === 'source.snapshot_id') return 'snapshot_id';
  return ['name', 'type', 'location', 'size_gb'].includes(field)
    ? (field as keyof VolumeForm)
    : undefined;
};

/** What the form needs before the contract: the choices the source asks for, the disk rule. */
export function volumeProblems(
  values: VolumeForm,
  vm: Pick<Vm, 'disk_size_gb'> | undefined,
  /** Why the VM's site cannot make a volume from a snapshot (an LXD site), if it cannot. */
  unavailable?: string,
): Partial<Record<keyof VolumeForm, string>> {
  const problems: Partial<Record<keyof VolumeForm, string>> = {};
  if (!values.name.trim()) problems.name = 'Name is required.';
  if (values.source === 'snapshot') {
    if (!values.vm_id) problems.vm_id = 'Choose the virtual machine.';
    else if (unavailable) problems.vm_id = unavailable;
    if (!values.snapshot_id) problems.snapshot_id = 'Choose the snapshot.';
    if (vm && values.size_gb !== null) {
      const { refusal } = snapshotVolumeSize(vm.disk_size_gb, values.size_gb);
      if (refusal) problems.size_gb = `Size ${refusal}.`;
    }
  } else {
    if (!values.location) problems.location = 'Choose a location.';
    if (values.size_gb === null) problems.size_gb = 'Enter the size in GB.';
  }
  return problems;
}

/**
 * `/storage/create`: an empty volume at a site, or one made from a VM snapshot (the page can
 * receive the snapshot to create from: `?vm=…&snapshot=…`, as the VM's snapshot tree opens it).
 * From a snapshot the size starts at the VM's disk and cannot be smaller. Once the server accepts
 * the creation the new volume's page opens at once, showing it "Creating…" until the task ends.
 */
export function StorageCreatePage() {
  const canCreate = useCanState('storage', 'manage');
  return (
    <CreatePage
      title="Create a volume"
      description="An empty volume, or a copy of a virtual machine's snapshot."
      back={{ href: LIST_PATH, label: 'Storage' }}
    >
      {canCreate === 'denied' ? (
        <Alert kind="info" title="You cannot create volumes">
          {STORAGE_PERMISSION.readOnly} Ask an administrator of your organisation for a role that
          manages storage.
        </Alert>
      ) : (
        <VolumeWizard />
      )}
    </CreatePage>
  );
}

function VolumeWizard() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const givenVm = search.get('vm') ?? '';
  const givenSnapshot = search.get('snapshot') ?? '';
  const fromSnapshot = givenVm !== '' && givenSnapshot !== '';
  const vms = useQuery(computeQueries.list());
  const catalogue = useQuery(computeQueries.catalogue());
  const createTask = useTaskAction({
    operation: 'Create volume',
    kind: 'other',
    invalidates: [storageKeys.all],
    runningLabel: 'Creating…',
    // The new volume shows "Creating…" on every page until the task ends.
    createdResource: (accepted) => volumeResource(Number(accepted['volume_id'])),
  });

  // A site that cannot make a volume from a snapshot says why: its VMs are offered disabled.
  const fromSnapshotRefusal = (vm: Pick<Vm, 'location'>) =>
    siteOf(catalogue.data, vm)?.unavailable?.['volumeFromSnapshot'];

  const form = useContractForm<VolumeForm>(VolumeCreate, {
    defaultValues: {
      source: fromSnapshot ? 'snapshot' : 'empty',
      vm_id: givenVm,
      snapshot_id: givenSnapshot,
      name: '',
      type: 'standard',
      location: '',
      size_gb: fromSnapshot ? null : 100,
    },
    refine: (values) => {
      const chosen = vms.data?.find((vm) => String(vm.id) === values.vm_id);
      return volumeProblems(values, chosen, chosen && fromSnapshotRefusal(chosen));
    },
    toBody: volumeCreateBody,
    fieldOf: formFieldOf,
    labels: { size_gb: 'size', 'source.vm_id': 'virtual machine' },
  });
  const [source, vmId, snapshotId] = useWatch({
    control: form.control,
    name: ['source', 'vm_id', 'snapshot_id'],
  });
  const vm = vms.data?.find((each) => String(each.id) === vmId);
  const snapshots = useQuery({
    ...computeQueries.snapshots(Number(vmId) || 0),
    enabled: source === 'snapshot' && vm !== undefined,
  });
  const snapshot = snapshots.data?.find((each) => String(each.id) === snapshotId);

  // From a snapshot the size starts at the snapshot's disk (the VM's) whenever the VM changes, not
  // at the empty volume's 100 GB, and never below it; a size typed afterwards is kept.
  const disk = vm?.disk_size_gb;
  const sizedFor = useRef<string | null>(null);
  useEffect(() => {
    if (source !== 'snapshot') {
      sizedFor.current = null;
      return;
    }
    if (disk === undefined) return;
    const size = form.getValues('size_gb');
    if (sizedFor.current !== vmId || size === null || size < disk) form.setValue('size_gb', disk);
    sizedFor.current = vmId;
  }, [source, disk, vmId, form]);

  const locations =
    catalogue.data?.regions.flatMap((region) => region.sites.map((site) => site.location)) ?? [];

  const submit = async (values: VolumeForm) => {
    const body = volumeCreateBody(values);
    const run = await createTask.run(() => storageCalls.create(body), {
      operation: `Create volume ${body.name}`,
      onRequestError: (error) => serverFieldOf(error, form, formFieldOf) !== undefined,
    });
    if (!run.ok) throw run.error;
    // Accepted: its page opens at once (not after the task), where the volume shows its state.
    void navigate(`/storage/${Number(run.accepted['volume_id'])}`);
  };

  const steps: CreateStep<VolumeForm>[] = [
    {
      id: 'source',
      label: 'Source',
      fields: ['source', 'vm_id', 'snapshot_id'],
      content: (
        <>
          <FormRadioGroup<VolumeForm>
            name="source"
            label="Start from"
            options={[
              { value: 'empty', label: 'An empty volume' },
              {
                value: 'snapshot',
                label: 'A snapshot of a virtual machine',
                description: "A copy of the VM's disk as it was then, at the VM's location.",
              },
            ]}
          />
          {source === 'snapshot' && (
            <>
              <FormSelect<VolumeForm>
                name="vm_id"
                label="Virtual machine"
                placeholder={vms.isPending ? 'Loading virtual machines…' : 'Choose'}
                options={(vms.data ?? []).map((each) => {
                  const refusal = fromSnapshotRefusal(each);
                  return {
                    value: String(each.id),
                    label: `${each.display_name} (${each.location})`,
                    ...(refusal ? { disabled: true, description: refusal } : {}),
                  };
                })}
                required
              />
              <FormSelect<VolumeForm>
                name="snapshot_id"
                label="Snapshot"
                placeholder={
                  !vm
                    ? 'Choose the virtual machine first'
                    : snapshots.isPending
                      ? 'Loading…'
                      : 'Choose'
                }
                options={(snapshots.data ?? []).map((each) => ({
                  value: String(each.id),
                  label: each.name,
                }))}
                help={
                  snapshots.data && snapshots.data.length === 0
                    ? `${vm?.display_name ?? 'This VM'} has no snapshots.`
                    : undefined
                }
                disabled={!vm}
                required
              />
            </>
          )}
        </>
      ),
    },
    {
      id: 'volume',
      label: 'Volume',
      fields: ['name', 'type', 'location', 'size_gb'],
      content: (
        <>
          <FormTextField<VolumeForm>
            name="name"
            label="Name"
            help="Letters and digits first, then also spaces, dots, dashes and underscores."
            required
          />
          <FormRadioGroup<VolumeForm>
            name="type"
            label="Type"
            options={VOLUME_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
          />
          {source === 'empty' && (
            <FormSelect<VolumeForm>
              name="location"
              label="Location"
              placeholder={catalogue.isPending ? 'Loading locations…' : 'Choose'}
              options={locations.map((location) => ({ value: location, label: location }))}
              required
            />
          )}
          <FormNumberField<VolumeForm>
            name="size_gb"
            label="Size"
            unit="GB"
            min={VOLUME_SIZE_MIN_GB}
            max={VOLUME_SIZE_MAX_GB}
            help={
              source === 'snapshot' && disk !== undefined
                ? `At least ${formatSizeGb(disk)}, the size of the VM's disk.`
                : undefined
            }
            required
          />
        </>
      ),
    },
  ];

  return (
    <CreateFlow
      form={form}
      steps={steps}
      summary={(values) => (
        <KeyValue
          items={[
            { label: 'Name', value: values.name },
            {
              label: 'Source',
              value:
                values.source === 'snapshot'
                  ? `${snapshot?.name ?? `Snapshot ${values.snapshot_id}`} of ${vm?.display_name ?? `VM ${values.vm_id}`}`
                  : 'Empty',
            },
            { label: 'Type', value: TYPE_LABELS[values.type] },
            {
              label: 'Location',
              value: values.source === 'snapshot' ? (vm?.location ?? '') : values.location,
            },
            {
              label: 'Size',
              value: values.size_gb === null ? '' : formatSizeGb(values.size_gb),
            },
          ]}
        />
      )}
      submitLabel="Create volume"
      onSubmit={submit}
      serverFields={formFieldOf}
      aria-label="Steps to create a volume"
    />
  );
}
