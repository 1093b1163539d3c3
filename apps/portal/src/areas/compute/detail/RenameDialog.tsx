import { useState } from 'react';
import { DISPLAY_NAME_PATTERN, type Vm } from '@portal/api/contract';
import { TextField } from '@portal/ui';
import { FormDialog } from './FormDialog.tsx';
import { serverFieldError } from './fieldErrors.ts';
import { vmApis } from './vmApis.ts';
import { useVmTask } from './vmTasks.ts';

const displayName = new RegExp(DISPLAY_NAME_PATTERN);

/** Why a display name is refused, or undefined when it is fine. */
export function displayNameError(name: string): string | undefined {
  if (!name) return 'Name is required.';
  if (name.length > 64) return 'Name is too long: at most 64 characters.';
  if (!displayName.test(name))
    return 'Name may hold letters, digits, spaces, dots, dashes and underscores, and must start with a letter or digit.';
  return undefined;
}

export function RenameDialog({ vm, onClose }: { vm: Vm; onClose: () => void }) {
  const [name, setName] = useState(vm.display_name);
  const [error, setError] = useState<string | undefined>();
  const task = useVmTask(vm.id, 'settings', 'Rename', 'Renaming…');
  const submit = async () => {
    const trimmed = name.trim();
    const problem =
      displayNameError(trimmed) ??
      (trimmed === vm.display_name ? 'This is the current name: type a new one.' : undefined);
    setError(problem);
    if (problem) return false;
    const result = await task.run(() => vmApis(vm).compute.rename(vm.id, trimmed));
    if (!result.ok) setError(serverFieldError(result.error, ['display_name'])?.display_name);
    return result.ok;
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Rename ${vm.display_name}`}
      description="The new name shows everywhere in the portal; the guest's host name does not change."
      submitLabel="Rename"
      onSubmit={submit}
    >
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error}
        help="1 to 64 letters, digits, spaces, dots, dashes or underscores."
        required
        autoFocus
      />
    </FormDialog>
  );
}
