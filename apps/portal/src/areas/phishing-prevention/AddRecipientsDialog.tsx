import { PhishingRecipientsAdd, type TaskAccepted } from '@portal/api/contract';
import { FormDialog, FormTextField, useContractForm } from '../../kit/form/index.ts';

interface AddForm {
  emails: string;
}

const addressesOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter(Boolean);

const toBody = (values: AddForm) => ({
  recipients: addressesOf(values.emails).map((email) => ({ email })),
});

const toEmails = (field: string) =>
  field === 'recipients' || field.startsWith('recipients.') ? ('emails' as const) : undefined;

/** More recipients for a running campaign: they are sent the message straight away. */
export function AddRecipientsDialog({
  campaignName,
  open,
  onOpenChange,
  start,
}: {
  campaignName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Starts the task; throws the request's error so it lands at the field. */
  start: (body: PhishingRecipientsAdd) => Promise<TaskAccepted>;
}) {
  const form = useContractForm<AddForm>(PhishingRecipientsAdd, {
    defaultValues: { emails: '' },
    toBody,
    fieldOf: toEmails,
    messages: { recipients: 'Enter at least one e-mail address.' },
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset({ emails: '' });
        onOpenChange(next);
      }}
      title={`Add recipients to ${campaignName}`}
      description="They are sent the message at once and their results join the campaign's."
      submitLabel="Add recipients"
      serverFields={toEmails}
      onSubmit={async (values) => {
        await start(toBody(values));
      }}
    >
      <FormTextField<AddForm>
        name="emails"
        label="E-mail addresses"
        help="Separated by commas or spaces."
        required
        autoComplete="off"
      />
    </FormDialog>
  );
}
