import { RenameBody, type Vm } from '@portal/api/contract';
import { displayNameRefusal } from '@portal/api/domain';
import { FormDialog, FormTextField, useContractForm } from '../../../kit/form/index.ts';
import { vmApis } from './vmApis.ts';
import { useVmTask } from './vmTasks.ts';
import { dialogTask } from '../../../kit/useTaskAction.ts';

/** The form edits the contract's body as it is, so a 400 on `data.display_name` lands here. */
const renameBody = (values: RenameBody): RenameBody => ({
  operation: 'update',
  data: { display_name: values.data.display_name.trim() },
});

/** A 400 names the field by its body path, or (a rule of the service) by its own name. */
const SERVER_FIELDS = { display_name: 'data.display_name' } as const;

/** Why a new name is refused before any request (the contract checks the rest), or nothing. */
export function renameProblems(
  values: RenameBody,
  current: string,
): Partial<Record<'data.display_name', string>> {
  const name = values.data.display_name;
  const refusal =
    displayNameRefusal(name) ??
    (name.trim() === current ? 'This is the current name: type a new one.' : null);
  return refusal ? { 'data.display_name': refusal } : {};
}

/** Renames a VM; mounted per opening, so it starts from the VM's current name. */
export function RenameDialog({ vm, onClose }: { vm: Vm; onClose: () => void }) {
  const task = useVmTask(vm.id, 'settings', 'Rename', 'Renaming…');
  const form = useContractForm<RenameBody>(RenameBody, {
    defaultValues: { operation: 'update', data: { display_name: vm.display_name } },
    toBody: renameBody,
    refine: (values) => renameProblems(values, vm.display_name),
    labels: { 'data.display_name': 'name' },
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={`Rename ${vm.display_name}`}
      description="The new name shows everywhere in the portal; the guest's host name does not change."
      submitLabel="Rename"
      serverFields={SERVER_FIELDS}
      onSubmit={async (values) => {
        const body = renameBody(values);
        await dialogTask(task, () => vmApis(vm).compute.rename(vm.id, body.data.display_name));
      }}
    >
      <FormTextField<RenameBody>
        name="data.display_name"
        label="Name"
        help="1 to 64 letters, digits, spaces, dots, dashes or underscores."
        required
        autoFocus
      />
    </FormDialog>
  );
}
