// Pins a seat of a subscription to one of the machines that use its product. Loaded when first
// opened: it checks the form with the contract's schema.
import { useQuery } from '@tanstack/react-query';
import { LicenseAssign, type LicenseSubscription, type SeatHolderKind } from '@portal/api/contract';
import { FormDialog, FormSelect, useContractForm } from '../../kit/form/index.ts';
import { licenseCalls, licenseQueries } from './queries.ts';

interface AssignForm {
  kind: SeatHolderKind;
  holder_id: string;
}

export interface AssignSeatDialogProps {
  subscription: LicenseSubscription;
  onClose: () => void;
  /** After the seat is pinned, with the holder's name. */
  onAssigned: (holderName: string) => void;
}

/** See the file's first lines. */
export function AssignSeatDialog({ subscription, onClose, onAssigned }: AssignSeatDialogProps) {
  const { data: summary } = useQuery(licenseQueries.summary());
  const holders =
    summary?.products.find((each) => each.product === subscription.product)?.holders ?? [];
  const pinnedHere = new Set(
    subscription.assignments.filter((each) => each.pinned).map((each) => `${each.kind}:${each.id}`),
  );
  const form = useContractForm<AssignForm>(LicenseAssign, {
    defaultValues: { kind: holders[0]?.kind ?? 'vm', holder_id: '' },
    labels: { holder_id: 'machine' },
    messages: { holder_id: 'Choose the machine to pin a seat to.' },
  });
  return (
    <FormDialog
      form={form}
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Pin a seat of ${subscription.reference}`}
      description={`The machine keeps a ${subscription.product_name} seat of this subscription; the others take free seats by themselves.`}
      submitLabel="Pin seat"
      onSubmit={async (values) => {
        await licenseCalls().assign(subscription.id, values);
        onAssigned(holders.find((each) => each.id === values.holder_id)?.name ?? values.holder_id);
      }}
    >
      <FormSelect<AssignForm>
        name="holder_id"
        label="Machine"
        placeholder={holders.length > 0 ? 'Choose a machine' : 'No machine uses this product'}
        options={holders.map((holder) => ({
          value: holder.id,
          label: holder.name,
          disabled: pinnedHere.has(`${holder.kind}:${holder.id}`),
        }))}
        onValueChange={(id) => {
          const holder = holders.find((each) => each.id === id);
          if (holder) form.setValue('kind', holder.kind);
        }}
        required
      />
    </FormDialog>
  );
}
