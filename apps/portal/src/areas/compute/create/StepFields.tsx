import styled from 'styled-components';
import type { Catalogue } from '@portal/api/contract';
import { KeyValue, NumberField, RadioGroup, Select, Switch, TextField } from '@portal/ui';
import { memoryText } from '../list/vmColumns.tsx';
import {
  DISPLAY_NAME_MAX,
  resolve,
  type VmField,
  type VmForm,
  type VmFormErrors,
} from './vmCreateBody.ts';

/** The Select value meaning "no second adapter" (a Select option cannot be empty). */
const NO_ADAPTER = 'none';

const Fields = styled.div`
  display: grid;
  gap: 16px;
  margin-top: 12px;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  align-items: start;
`;

const Lead = styled.p`
  margin: 0;
  color: var(--ui-color-text-secondary);
`;

const Summary = styled.section`
  margin-top: 8px;
  h3 {
    margin: 8px 0;
    font-size: 1rem;
  }
`;

export interface StepFieldsProps {
  step: string;
  catalogue: Catalogue;
  form: VmForm;
  errors: VmFormErrors;
  set: <K extends VmField>(field: K, value: VmForm[K]) => void;
}

/** The controls of one wizard step, each with its error in place. */
export function StepFields({ step, catalogue, form, errors, set }: StepFieldsProps) {
  const r = resolve(catalogue, form);
  switch (step) {
    case 'location':
      return (
        <>
          <Lead>Where the virtual machine runs. Networks and zones belong to a site.</Lead>
          <Fields>
            <Select
              label="Region"
              required
              placeholder="Choose a region"
              options={catalogue.regions.map((region) => ({
                value: region.id,
                label: region.name,
              }))}
              value={form.regionId}
              onValueChange={(value) => set('regionId', value)}
              error={errors.regionId}
            />
            <Select
              label="Site"
              required
              disabled={!r.region}
              placeholder={r.region ? 'Choose a site' : 'Choose a region first'}
              options={(r.region?.sites ?? []).map((site) => ({
                value: site.id,
                label: site.name,
                description: site.location,
              }))}
              value={form.siteId}
              onValueChange={(value) => set('siteId', value)}
              error={errors.siteId}
            />
          </Fields>
        </>
      );
    case 'zone':
      return (
        <Fields>
          <RadioGroup
            label={r.site ? `Zone at ${r.site.name}` : 'Zone'}
            required
            options={(r.site?.zones ?? []).map((zone) => ({
              value: zone.id,
              label: zone.name,
              description: `Cluster ${zone.cluster}`,
            }))}
            value={form.zoneId}
            onValueChange={(value) => set('zoneId', value)}
            error={errors.zoneId}
          />
        </Fields>
      );
    case 'plan':
      return (
        <Fields>
          <RadioGroup
            label="Plan"
            required
            options={catalogue.plans.map((plan) => ({
              value: plan.id,
              label: plan.name,
              description: `${plan.cpu} vCPU · ${plan.memory} GB memory · ${plan.disk_gb} GB disk`,
            }))}
            value={form.planId}
            onValueChange={(value) => set('planId', value)}
            error={errors.planId}
          />
        </Fields>
      );
    case 'image':
      return (
        <Fields>
          <Select
            label="Image"
            required
            placeholder="Choose an image"
            options={catalogue.images.map((image) => ({ value: image.id, label: image.name }))}
            value={form.imageId}
            onValueChange={(value) => set('imageId', value)}
            error={errors.imageId}
          />
          <Select
            label="Version"
            required
            disabled={!r.image}
            placeholder={r.image ? 'Choose a version' : 'Choose an image first'}
            options={(r.image?.versions ?? []).map((version) => ({
              value: version.id,
              label: version.name,
              description: version.id,
            }))}
            value={form.versionId}
            onValueChange={(value) => set('versionId', value)}
            error={errors.versionId}
          />
        </Fields>
      );
    case 'network': {
      const options = (r.site?.portgroups ?? []).map((portgroup) => ({
        value: portgroup.name,
        label: `${portgroup.name} (VLAN ${portgroup.vlan_id})`,
      }));
      return (
        <>
          <Lead>
            {r.site
              ? `Networks at ${r.site.name}. The second adapter is optional.`
              : 'Choose a site first: networks belong to a site.'}
          </Lead>
          <Fields>
            <Select
              label="First adapter"
              required
              placeholder="Choose a network"
              options={options}
              value={form.adapter1}
              onValueChange={(value) => set('adapter1', value)}
              error={errors.adapter1}
            />
            <Select
              label="Second adapter (optional)"
              options={[
                { value: NO_ADAPTER, label: 'None' },
                ...options.filter((option) => option.value !== form.adapter1),
              ]}
              value={form.adapter2 || NO_ADAPTER}
              onValueChange={(value) => set('adapter2', value === NO_ADAPTER ? '' : value)}
              error={errors.adapter2}
            />
          </Fields>
        </>
      );
    }
    case 'disk':
      return (
        <Fields>
          <NumberField
            label="Custom disk size"
            unit="GB"
            min={catalogue.disk.min_gb}
            max={catalogue.disk.max_gb}
            step={10}
            value={form.diskSizeGb}
            onValueChange={(value) => set('diskSizeGb', value)}
            help={
              r.plan
                ? `Leave empty for the ${r.plan.name} plan's ${r.plan.disk_gb} GB.`
                : "Leave empty for the plan's disk."
            }
            error={errors.diskSizeGb}
          />
        </Fields>
      );
    case 'details':
      return (
        <>
          <Fields>
            <TextField
              label="Name"
              required
              maxLength={DISPLAY_NAME_MAX}
              autoComplete="off"
              value={form.displayName}
              onChange={(event) => set('displayName', event.target.value)}
              help="Letters, digits, spaces, dots, dashes and underscores."
              error={errors.displayName}
            />
          </Fields>
          <Fields>
            <Switch
              label="vSnap backup"
              checked={form.vsnap}
              onCheckedChange={(checked) => set('vsnap', checked)}
              help="Snapshot-based backup of this virtual machine."
            />
            <Switch
              label="Monitoring"
              checked={form.monitoring}
              onCheckedChange={(checked) => set('monitoring', checked)}
              help="Checks and alerts for this virtual machine."
            />
          </Fields>
          <Summary aria-labelledby="wizard-summary">
            <h3 id="wizard-summary">Summary</h3>
            <KeyValue
              columns={2}
              items={[
                {
                  label: 'Location',
                  value: r.site ? `${r.site.name} (${r.site.location})` : '—',
                },
                { label: 'Zone', value: r.zone ? `${r.zone.name} · ${r.zone.cluster}` : '—' },
                {
                  label: 'Plan',
                  value: r.plan
                    ? `${r.plan.name}: ${r.plan.cpu} vCPU, ${memoryText(r.plan.memory * 1024)}`
                    : '—',
                },
                {
                  label: 'Image',
                  value: r.image && r.version ? `${r.image.name} ${r.version.name}` : '—',
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
                  label: 'Disk',
                  value:
                    form.diskSizeGb !== null
                      ? `${form.diskSizeGb} GB`
                      : r.plan
                        ? `${r.plan.disk_gb} GB (plan)`
                        : '—',
                },
              ]}
            />
          </Summary>
        </>
      );
    default:
      return null;
  }
}
