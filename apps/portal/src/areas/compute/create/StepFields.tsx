// The wizard's steps (their controls) and its summary, bound to the form through the form kit.
import styled from 'styled-components';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Catalogue } from '@portal/api/contract';
import { KeyValue } from '@portal/ui';
import { formatMemory, formatSizeGb } from '../../../lib/format.ts';
import {
  FormCheckbox,
  FormNumberField,
  FormRadioGroup,
  FormSelect,
  FormTextField,
} from '../../../kit/form/index.ts';
import { FormPlanCards } from './PlanCards.tsx';
import {
  DISPLAY_NAME_MAX,
  change,
  imagesAt,
  resolve,
  type VmField,
  type VmForm,
} from './vmCreateBody.ts';
import { fittingColumns } from '../../../kit/layout.ts';

/** The Select value meaning "no second adapter" (a Select option cannot be empty). */
const NO_ADAPTER = 'none';

const Fields = styled.div`
  ${fittingColumns(240)}
  align-items: start;
`;

/** A step's parts, one under another. */
const Stack = styled.div`
  display: grid;
  gap: 20px;
`;

const Wide = styled.div`
  grid-column: 1 / -1;
`;

const Lead = styled.p`
  margin: 0;
  color: var(--ui-color-text-secondary);
`;

/**
 * Sets the choices that depend on a changed one back to empty (a new region has other sites,
 * a new site other zones and networks, a new image other versions), and checks again the
 * fields that show an error.
 */
function useDependents() {
  const form = useFormContext<VmForm>();
  return <K extends VmField>(field: K, value: VmForm[K]) => {
    const current = form.getValues();
    const next = change(current, field, value);
    const cleared = (Object.keys(next) as VmField[]).filter(
      (key) => key !== field && next[key] !== current[key],
    );
    for (const key of cleared) form.setValue(key, next[key]);
    // Sentences that depended on the old choice ("Choose a region first.") are said again.
    const shown = (Object.keys(next) as VmField[]).filter(
      (key) => key !== field && form.getFieldState(key).invalid,
    );
    if (shown.length > 0) void form.trigger(shown);
  };
}

/** The values the steps depend on, watched so each step follows earlier choices. */
function useChoices(catalogue: Catalogue) {
  const form = useWatch<VmForm>() as VmForm;
  return { form, r: resolve(catalogue, form) };
}

/** Step 1: the name, and where it runs (region, site and zone together). */
export function BasicsStep({ catalogue }: { catalogue: Catalogue }) {
  const { r } = useChoices(catalogue);
  const dependents = useDependents();
  return (
    <Stack>
      <Fields>
        <FormTextField<VmForm>
          name="displayName"
          label="Name"
          required
          maxLength={DISPLAY_NAME_MAX}
          autoComplete="off"
          help="Letters, digits, spaces, dots, dashes and underscores; a letter or digit first."
        />
      </Fields>
      <Fields>
        <FormSelect<VmForm>
          name="regionId"
          label="Region"
          required
          placeholder="Choose a region"
          options={catalogue.regions.map((region) => ({ value: region.id, label: region.name }))}
          onValueChange={(value) => dependents('regionId', value)}
        />
        <FormSelect<VmForm>
          name="siteId"
          label="Site"
          required
          disabled={!r.region}
          placeholder={r.region ? 'Choose a site' : 'Choose a region first'}
          options={(r.region?.sites ?? []).map((site) => ({
            value: site.id,
            label: site.name,
            description: site.backend === 'lxd' ? `${site.location} · LXD` : site.location,
          }))}
          onValueChange={(value) => dependents('siteId', value)}
          help="Networks and zones belong to a site."
        />
        <Wide>
          <FormRadioGroup<VmForm>
            name="zoneId"
            label={r.site ? `Zone at ${r.site.name}` : 'Zone'}
            required
            orientation="horizontal"
            options={(r.site?.zones ?? []).map((zone) => ({
              value: zone.id,
              label: zone.name,
              description: `Cluster ${zone.cluster}`,
            }))}
            help={r.site ? undefined : 'Choose a site to see its zones.'}
          />
        </Wide>
      </Fields>
    </Stack>
  );
}

/** Step 2: the plan (as cards), the image and version, and the disk. */
export function MachineStep({ catalogue }: { catalogue: Catalogue }) {
  const { r } = useChoices(catalogue);
  const dependents = useDependents();
  return (
    <Stack>
      <FormPlanCards<VmForm> name="planId" label="Plan" plans={catalogue.plans} />
      <Fields>
        <FormSelect<VmForm>
          name="imageId"
          label="Image"
          required
          placeholder="Choose an image"
          options={imagesAt(catalogue, r.site).map((image) => ({
            value: image.id,
            label: image.name,
          }))}
          help={r.site?.images ? `The images ${r.site.name} offers.` : undefined}
          onValueChange={(value) => dependents('imageId', value)}
        />
        <FormSelect<VmForm>
          name="versionId"
          label="Version"
          required
          disabled={!r.image}
          placeholder={r.image ? 'Choose a version' : 'Choose an image first'}
          options={(r.image?.versions ?? []).map((version) => ({
            value: version.id,
            label: version.name,
            description: version.id,
          }))}
        />
        <FormNumberField<VmForm>
          name="diskSizeGb"
          label="Custom disk size"
          unit="GB"
          min={catalogue.disk.min_gb}
          max={catalogue.disk.max_gb}
          step={10}
          help={
            r.plan
              ? `Leave empty for the ${r.plan.name} plan's ${formatSizeGb(r.plan.disk_gb)}.`
              : "Leave empty for the plan's disk."
          }
        />
      </Fields>
    </Stack>
  );
}

/** Step 3: the network adapters and the options. */
export function NetworkStep({ catalogue }: { catalogue: Catalogue }) {
  const { form, r } = useChoices(catalogue);
  const dependents = useDependents();
  const options = (r.site?.portgroups ?? []).map((portgroup) => ({
    value: portgroup.name,
    label: `${portgroup.name} (VLAN ${portgroup.vlan_id})`,
  }));
  const { setValue } = useFormContext<VmForm>();
  return (
    <Stack>
      <Lead>
        {r.site
          ? `Networks at ${r.site.name}. The second adapter is optional.`
          : 'Choose a site first: networks belong to a site.'}
      </Lead>
      <Fields>
        <FormSelect<VmForm>
          name="adapter1"
          label="First adapter"
          required
          placeholder="Choose a network"
          options={options}
          onValueChange={(value) => dependents('adapter1', value)}
        />
        <FormSelect<VmForm>
          name="adapter2"
          label="Second adapter (optional)"
          placeholder="None"
          options={[
            { value: NO_ADAPTER, label: 'None' },
            ...options.filter((option) => option.value !== form.adapter1),
          ]}
          // "None" is shown for an empty choice, and stored as one
          onValueChange={(value) =>
            value === NO_ADAPTER && setValue('adapter2', '', { shouldValidate: true })
          }
        />
      </Fields>
      <Fields>
        <FormCheckbox<VmForm>
          name="vsnap"
          label="vSnap backup"
          help="Snapshot-based backup of this virtual machine."
        />
        <FormCheckbox<VmForm>
          name="monitoring"
          label="Monitoring"
          help="Checks and alerts for this virtual machine."
        />
      </Fields>
    </Stack>
  );
}

/** What will be created, from the form's values. */
export function VmSummary({
  catalogue,
  form,
  tenant,
}: {
  catalogue: Catalogue;
  form: VmForm;
  tenant: string;
}) {
  const r = resolve(catalogue, form);
  return (
    <KeyValue
      columns={2}
      items={[
        { label: 'Name', value: form.displayName || '—' },
        { label: 'Tenant', value: tenant },
        {
          label: 'Location',
          value: r.region && r.site ? `${r.region.name}, ${r.site.name} (${r.site.location})` : '—',
        },
        { label: 'Zone', value: r.zone ? `${r.zone.name} · cluster ${r.zone.cluster}` : '—' },
        {
          label: 'Plan',
          value: r.plan
            ? `${r.plan.name}: ${r.plan.cpu} vCPU, ${formatMemory(r.plan.memory * 1024)} memory`
            : '—',
        },
        {
          label: 'Image',
          value: r.image && r.version ? `${r.image.name} ${r.version.name}` : '—',
        },
        {
          label: 'Disk',
          value:
            form.diskSizeGb !== null
              ? formatSizeGb(form.diskSizeGb)
              : r.plan
                ? `${formatSizeGb(r.plan.disk_gb)} (the plan's)`
                : '—',
        },
        {
          label: 'Network',
          value:
            [r.adapter1, r.adapter2]
              .filter((adapter) => adapter !== undefined)
              .map((adapter) => `${adapter.name} (VLAN ${adapter.vlan_id})`)
              .join(', ') || '—',
        },
        {
          label: 'Options',
          value:
            [form.vsnap && 'vSnap backup', form.monitoring && 'Monitoring']
              .filter(Boolean)
              .join(', ') || 'None',
        },
        { label: 'Status', value: 'Trial' },
      ]}
    />
  );
}
