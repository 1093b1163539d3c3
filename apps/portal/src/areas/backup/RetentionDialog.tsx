import { useEffect } from 'react';
import { BackupRetentionBody, type BackupRetention } from '@portal/api/contract';
import { FormDialog, useContractForm } from '../../kit/form/index.ts';
import { RetentionFields, type LimitDialogProps } from './LimitFields.tsx';

interface RetentionForm {
  retention: BackupRetention;
}

/** How many restore points of each kind are kept; the platform prunes the rest at once. */
export function RetentionDialog({
  tenant,
  open,
  onOpenChange,
  onSave,
}: LimitDialogProps<BackupRetention>) {
  const form = useContractForm<RetentionForm>(BackupRetentionBody, {
    defaultValues: { retention: tenant.retention },
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ retention: tenant.retention });
  }, [open, reset, tenant.retention]);
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={`Retention of ${tenant.name}`}
      description="Restore points the new policy no longer keeps are deleted when you save."
      submitLabel="Save retention"
      onSubmit={(values) => onSave(values.retention)}
      columns={2}
    >
      <RetentionFields />
    </FormDialog>
  );
}
