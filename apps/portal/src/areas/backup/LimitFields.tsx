// The backup tenant's limits as form fields, the same on the create page and in the edit dialogs.
// They bind through the enclosing form (`CreateFlow`, `FormDialog`), which holds these names.
import {
  BACKUP_QUOTA_MAX_GB,
  BACKUP_QUOTA_MIN_GB,
  RETENTION_FIELDS,
  type BackupRetention,
  type BackupTenant,
} from '@portal/api/contract';
import { FormNumberField } from '../../kit/form/index.ts';

/** What the tenant's page gives each dialog that edits one of its limits. */
export interface LimitDialogProps<Body> {
  tenant: BackupTenant;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Saves the edited limit; a rejection keeps the dialog open with the error. */
  onSave: (body: Body) => Promise<void>;
}

interface QuotaValues {
  quota_gb: number;
  warning_percent: number;
}

/** The hard quota and the warning threshold; `help` and `quotaStep` for the create page. */
export function QuotaFields({
  quotaHelp,
  warningHelp,
  quotaStep,
}: {
  /** Below the quota: what happens at it. */
  quotaHelp?: string;
  /** Below the warning threshold: what happens at it. */
  warningHelp?: string;
  /** The quota's step, in GB. */
  quotaStep?: number;
}) {
  return (
    <>
      <FormNumberField<QuotaValues>
        name="quota_gb"
        label="Quota (hard limit)"
        unit="GB"
        required
        min={BACKUP_QUOTA_MIN_GB}
        max={BACKUP_QUOTA_MAX_GB}
        step={quotaStep}
        help={quotaHelp}
      />
      <FormNumberField<QuotaValues>
        name="warning_percent"
        label="Warning at (soft limit)"
        unit="%"
        required
        min={1}
        max={100}
        help={warningHelp}
      />
    </>
  );
}

/** How many restore points of each kind are kept: one field per kind, under `retention.`. */
export function RetentionFields() {
  return RETENTION_FIELDS.map((field) => (
    <FormNumberField<{ retention: BackupRetention }>
      key={field.key}
      name={`retention.${field.key}`}
      label={field.label}
      required
      min={field.key === 'keep_last' ? 1 : 0}
      max={field.max}
    />
  ));
}
