import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { PhishingCampaignCreate, type PhishingCampaign } from '@portal/api/contract';
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

/** An instant as `datetime-local` text in the browser's time zone. */
const localOf = (iso: string | null) => {
  if (!iso) return '';
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const valuesOf = (campaign: PhishingCampaign | undefined): CampaignForm =>
  campaign
    ? {
        name: campaign.name,
        template_id: String(campaign.template.id),
        landing_page_id: String(campaign.landing_page.id),
        group_id: String(campaign.group.id),
        launch_at: localOf(campaign.launch_at),
        send_by: localOf(campaign.send_by),
      }
    : EMPTY;

const toBody = (values: CampaignForm) => ({
  name: values.name.trim(),
  template_id: Number(values.template_id) || 0,
  landing_page_id: Number(values.landing_page_id) || 0,
  group_id: Number(values.group_id) || 0,
  launch_at: isoOf(values.launch_at),
  send_by: isoOf(values.send_by),
});

/**
 * A new campaign, saved as a draft: launching it is a separate, deliberate step. With `campaign`
 * (a draft) the same form edits it.
 */
export function NewCampaignDialog({
  open,
  onOpenChange,
  campaign,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The draft to edit; absent: a new one. */
  campaign?: PhishingCampaign;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const templates = useQuery({ ...phishingQueries.templates(), enabled: open }).data ?? [];
  const groups = useQuery({ ...phishingQueries.groups(), enabled: open }).data ?? [];
  const form = useContractForm<CampaignForm>(PhishingCampaignCreate, {
    defaultValues: valuesOf(campaign),
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
        if (next) form.reset(valuesOf(campaign));
        onOpenChange(next);
      }}
      title={campaign ? `Edit ${campaign.name}` : 'New campaign'}
      description={
        campaign
          ? 'A draft can be changed until it is launched.'
          : "The campaign is saved as a draft; launch it from its page. No e-mail leaves the platform: recipients' behaviour is simulated."
      }
      submitLabel={campaign ? 'Save draft' : 'Create draft'}
      size="medium"
      columns={2}
      onSubmit={async (values) => {
        if (campaign) {
          const saved = await phishingApiOf().updateCampaign(campaign.id, toBody(values));
          await queryClient.invalidateQueries({ queryKey: phishingKeys.campaigns() });
          notify(`Campaign ${saved.name} was saved.`, 'success');
          return;
        }
        const created = await phishingApiOf().createCampaign(toBody(values));
        await queryClient.invalidateQueries({ queryKey: phishingKeys.campaigns() });
        notify(`Campaign ${created.name} was created as a draft.`, 'success');
        navigate(`/phishing-prevention/${created.id}`);
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
