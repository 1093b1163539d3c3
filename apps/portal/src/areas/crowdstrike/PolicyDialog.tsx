import { EdrPolicyBody, type MedrDetail } from '@portal/api/contract';
import { policyRefusal, SENSOR_POLICY_LABELS } from '@portal/api/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { FormDialog, FormSelect, FormSwitch, useContractForm } from '../../kit/form/index.ts';
import { notify } from '../../services.ts';
import { crowdstrikeClient, crowdstrikeKeys } from './queries.ts';

interface PolicyValues {
  mode: EdrPolicyBody['mode'];
  pinned_version: string;
  uninstall_protection: boolean;
}

const toBody = (values: PolicyValues): EdrPolicyBody => ({
  mode: values.mode,
  pinned_version: values.mode === 'pinned' ? values.pinned_version || null : null,
  uninstall_protection: values.uninstall_protection,
});

const MODES = (['latest', 'n-1', 'n-2', 'pinned'] as const).map((mode) => ({
  value: mode,
  label: SENSOR_POLICY_LABELS[mode],
}));

/** Edits the sensor update policy and uninstall protection; mounted per opening. */
export function PolicyDialog({ medr, onClose }: { medr: MedrDetail; onClose: () => void }) {
  const client = useQueryClient();
  const versions = medr.releases.map((release) => release.version);
  const form = useContractForm<PolicyValues>(EdrPolicyBody, {
    defaultValues: {
      mode: medr.policy.mode,
      pinned_version: medr.policy.pinned_version ?? versions[0] ?? '',
      uninstall_protection: medr.policy.uninstall_protection,
    },
    toBody,
    refine: (values) => {
      const refusal = policyRefusal(toBody(values), versions);
      return refusal ? { pinned_version: refusal } : {};
    },
    labels: { pinned_version: 'pinned version' },
  });
  const mode = useWatch({ control: form.control, name: 'mode' });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title="Sensor update policy"
      description="Online hosts install the version the policy asks for within two hours; hosts on an older version count as outdated until then."
      submitLabel="Save policy"
      onSubmit={async (values) => {
        const detail = await crowdstrikeClient().setPolicy(medr.id, toBody(values));
        client.setQueryData(crowdstrikeKeys.medr(medr.id), detail);
        await client.invalidateQueries({ queryKey: crowdstrikeKeys.medr(medr.id) });
        await client.invalidateQueries({ queryKey: crowdstrikeKeys.list() });
        notify('The sensor update policy was saved.', 'success');
      }}
    >
      <FormSelect<PolicyValues> name="mode" label="Sensor version" options={MODES} required />
      {mode === 'pinned' && (
        <FormSelect<PolicyValues>
          name="pinned_version"
          label="Pinned version"
          options={versions.map((version) => ({ value: version, label: version }))}
          required
        />
      )}
      <FormSwitch<PolicyValues>
        name="uninstall_protection"
        label="Uninstall protection"
        help="The sensor can be removed only with a maintenance token."
      />
    </FormDialog>
  );
}
