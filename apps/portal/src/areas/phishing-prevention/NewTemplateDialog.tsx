import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import styled from 'styled-components';
import {
  MAX_TEMPLATE_LENGTH,
  PhishingTemplateCreate,
  type PhishingTemplate,
} from '@portal/api/contract';
import { FormDialog, FormSelect, FormTextField, useContractForm } from '../../kit/form/index.ts';
import { notify } from '../../services.ts';
import { phishingApiOf, phishingKeys } from './queries.ts';

interface TemplateForm {
  kind: 'email' | 'landing';
  name: string;
  subject: string;
  content: string;
}

const EMPTY: TemplateForm = { kind: 'email', name: '', subject: '', content: '' };

const valuesOf = (template: PhishingTemplate | undefined): TemplateForm =>
  template
    ? {
        kind: template.kind,
        name: template.name,
        subject: template.subject,
        content: template.content,
      }
    : EMPTY;

const Area = styled.div`
  display: grid;
  gap: 4px;
  & textarea {
    font: inherit;
    font-family: var(--ui-font-mono, monospace);
    min-height: 160px;
    padding: 8px;
    border-radius: 6px;
    border: 1px solid var(--ui-color-border-strong);
    background: var(--ui-color-surface);
    color: var(--ui-color-text);
  }
  & [role='alert'] {
    color: var(--ui-color-error-text);
    margin: 0;
  }
`;

/**
 * The tenant's own e-mail template or landing page; its HTML is stored as text, never run. With
 * `template` the same form edits one of the tenant's own (its kind stays).
 */
export function NewTemplateDialog({
  open,
  onOpenChange,
  template,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** One of the tenant's own to edit; absent: a new one. */
  template?: PhishingTemplate;
}) {
  const queryClient = useQueryClient();
  const contentId = useId();
  const errorId = useId();
  const form = useContractForm<TemplateForm>(PhishingTemplateCreate, {
    defaultValues: valuesOf(template),
    toBody: (values) => ({
      kind: values.kind,
      name: values.name.trim(),
      ...(values.kind === 'email' ? { subject: values.subject } : {}),
      content: values.content,
    }),
    messages: { content: 'Enter the HTML of the message or page.' },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const contentError = form.formState.errors.content?.message;
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset(valuesOf(template));
        onOpenChange(next);
      }}
      title={template ? `Edit ${template.name}` : 'New template'}
      description="Your own e-mail template or landing page. It is shown only in a sandboxed preview."
      submitLabel="Save template"
      size="large"
      onSubmit={async (values) => {
        const fields = {
          name: values.name.trim(),
          ...(values.kind === 'email' ? { subject: values.subject } : {}),
          content: values.content,
        };
        const saved = template
          ? await phishingApiOf().updateTemplate(template.id, fields)
          : await phishingApiOf().createTemplate({ kind: values.kind, ...fields });
        // Campaigns show their template's name.
        await queryClient.invalidateQueries({ queryKey: phishingKeys.all });
        notify(`Template ${saved.name} was saved.`, 'success');
      }}
    >
      {!template && (
        <FormSelect<TemplateForm>
          name="kind"
          label="Kind"
          options={[
            { value: 'email', label: 'E-mail template' },
            { value: 'landing', label: 'Landing page' },
          ]}
        />
      )}
      <FormTextField<TemplateForm> name="name" label="Name" required autoComplete="off" />
      {kind === 'email' && (
        <FormTextField<TemplateForm> name="subject" label="Subject" autoComplete="off" />
      )}
      <Area>
        <label htmlFor={contentId}>HTML content</label>
        <textarea
          id={contentId}
          maxLength={MAX_TEMPLATE_LENGTH}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={contentError ? errorId : undefined}
          {...form.register('content')}
        />
        {contentError && (
          <p id={errorId} role="alert">
            {contentError}
          </p>
        )}
      </Area>
    </FormDialog>
  );
}
