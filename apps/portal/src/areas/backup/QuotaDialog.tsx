import { useEffect } from 'react';
import { useFieldArray } from 'react-hook-form';
import styled from 'styled-components';
import { mdiDelete, mdiPlus } from '@mdi/js';
import {
  BackupQuotaBody,
  QUOTA_ALERTS_MAX,
  type BackupTenant,
  type QuotaAlertKind,
} from '@portal/api/contract';
import { quotaAlertRefusal } from '@portal/api/domain';
import { Button, IconButton } from '@portal/ui';
import { FormDialog, FormNumberField, FormSelect, useContractForm } from '../../kit/form/index.ts';
import { QuotaFields, type LimitDialogProps } from './LimitFields.tsx';

export interface QuotaForm {
  quota_gb: number;
  warning_percent: number;
  alerts: { kind: QuotaAlertKind; value: number }[];
}

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) auto;
  gap: 8px;
  align-items: end;
`;

const Legend = styled.h3`
  margin: 8px 0 0;
  font-size: 1rem;
`;

const KIND_OPTIONS = [
  { value: 'percent', label: 'Percent of the quota' },
  { value: 'gb', label: 'Absolute (GB)' },
];

const formOf = (tenant: BackupTenant): QuotaForm => ({
  quota_gb: tenant.quota_gb,
  warning_percent: tenant.warning_percent,
  alerts: tenant.alerts.map((alert) => ({ kind: alert.kind, value: alert.value })),
});

/** The quota, its warning threshold and the user's alerts, edited together. */
export function QuotaDialog({ tenant, open, onOpenChange, onSave }: LimitDialogProps<QuotaForm>) {
  const form = useContractForm<QuotaForm>(BackupQuotaBody, {
    defaultValues: formOf(tenant),
    labels: { quota_gb: 'quota', warning_percent: 'warning threshold' },
    refine: (values) => {
      const issues: Partial<Record<`alerts.${number}.value`, string>> = {};
      values.alerts.forEach((alert, index) => {
        const refusal = quotaAlertRefusal(alert, values.quota_gb);
        if (refusal) issues[`alerts.${index}.value`] = refusal;
      });
      return issues;
    },
  });
  const alerts = useFieldArray({ control: form.control, name: 'alerts' });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(formOf(tenant));
  }, [open, reset, tenant]);

  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={`Quota of ${tenant.name}`}
      description="Jobs that would pass the hard quota fail. Alerts are recorded for your provider when usage reaches them."
      submitLabel="Save quota"
      onSubmit={onSave}
      size="medium"
    >
      <QuotaFields />
      <Legend>Alerts</Legend>
      {alerts.fields.map((field, index) => (
        <Row key={field.id}>
          <FormSelect<QuotaForm>
            name={`alerts.${index}.kind`}
            label={`Alert ${index + 1} kind`}
            options={KIND_OPTIONS}
          />
          <FormNumberField<QuotaForm>
            name={`alerts.${index}.value`}
            label={`Alert ${index + 1} threshold`}
            min={0}
          />
          <IconButton
            icon={mdiDelete}
            aria-label={`Remove alert ${index + 1}`}
            onClick={() => alerts.remove(index)}
          />
        </Row>
      ))}
      <div>
        <Button
          variant="outlined"
          leadingIcon={mdiPlus}
          disabled={alerts.fields.length >= QUOTA_ALERTS_MAX}
          onClick={() => alerts.append({ kind: 'percent', value: 90 })}
        >
          Add alert
        </Button>
      </div>
    </FormDialog>
  );
}
