import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { PhishingCampaignCreate } from '@portal/api/contract';
import { FormDialog, FormSelect, FormTextField, useContractForm } from '../../kit/form/index.ts';
import { notify } from '../../services.ts';
import { phishingApiOf, phishingKeys, phishingQueries } from './queries.ts';

interface CampaignForm {
  name: string;
  template_id: string;
  landing_page_id: string;
  group_id: string;
  /** `datetime-local` text, in the browser's time zone. */
  launch_at: string;
  send_by: string;
}

const EMPTY: CampaignForm = {
  name: '',
  template_id: '',
  landing_page_id: '',
  group_id: '',
  launch_at: '',
  send_by: '',
};

const isoOf = (local: string) => (local ? new Date(local).toISOString() : null);

const toBody = (values: CampaignForm) => ({
  name: values.name.trim(),
  template_id: Number(values.template_id) || 0,
  landing_page_id: Number(values.landing_page_id) || 0,
  group_id: Number(values.group_id) || 0,
  launch_at: isoOf(values.launch_at),
  send_by: isoOf(values.send_by),
});

/** A new campaign, saved as a draft: launching it is a separate, deliberate step. */
export function NewCampaignDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const templates = useQuery({ ...phishingQueries.templates(), enabled: open }).data ?? [];
  const groups = useQuery({ ...phishingQueries.groups(), enabled: open }).data ?? [];
  const form = useContractForm<CampaignForm>(PhishingCampaignCreate, {
    defaultValues: EMPTY,
    toBody,
    messages: {
      template_id: 'Choose an e-mail template.',
      landing_page_id: 'Choose a landing page.',
      group_id: 'Choose a recipient group.',
    },
    refine: (values) =>
      values.send_by && values.launch_at && values.send_by <= values.launch_at
        ? { send_by: 'Send by must be after the launch time.' }
        : {},
  });
  const options = (kind: 'email' | 'landing') =>
    templates
      .filter((template) => template.kind === kind)
      .map((template) => ({
        value: String(template.id),
        label: template.builtin ? `${template.name} (built-in)` : template.name,
      }));
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset(EMPTY);
        onOpenChange(next);
      }}
      title="New campaign"
      description="The campaign is saved as a draft; launch it from its page. No e-mail leaves the platform: recipients' behaviour is simulated."
      submitLabel="Create draft"
      size="medium"
      columns={2}
      onSubmit={async (values) => {
        const campaign = await phishingApiOf().createCampaign(toBody(values));
        await queryClient.invalidateQueries({ queryKey: phishingKeys.campaigns() });
        notify(`Campaign ${campaign.name} was created as a draft.`, 'success');
        navigate(`/phishing-prevention/${campaign.id}`);
      }}
    >
      <FormTextField<CampaignForm> name="name" label="Name" required autoComplete="off" />
      <FormSelect<CampaignForm>
        name="group_id"
        label="Recipient group"
        required
        options={groups.map((group) => ({
          value: String(group.id),
          label: `${group.name} (${group.recipient_count})`,
        }))}
      />
      <FormSelect<CampaignForm>
        name="template_id"
        label="E-mail template"
        required
        options={options('email')}
      />
      <FormSelect<CampaignForm>
        name="landing_page_id"
        label="Landing page"
        required
        options={options('landing')}
      />
      <FormTextField<CampaignForm>
        name="launch_at"
        label="Launch time"
        type="datetime-local"
        help="Empty: as soon as it is launched."
      />
      <FormTextField<CampaignForm>
        name="send_by"
        label="Send by"
        type="datetime-local"
        help="Messages are spread until then; empty: all at once."
      />
    </FormDialog>
  );
}
