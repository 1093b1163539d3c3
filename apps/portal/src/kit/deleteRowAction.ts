// A row's Delete apart from the dialog it opens: a list's menu needs it at once, the dialog (and
// its code) only when a row is being deleted.
import { mdiDelete } from '@mdi/js';
import type { DataTableRowAction } from '@portal/ui';

/** A row's Delete, which opens the `DeleteDialog`; refused with the reason, if there is one. */
export const deleteRowAction = (
  onSelect: () => void,
  disabledReason: string | undefined,
): DataTableRowAction => ({
  id: 'delete',
  label: 'Delete',
  icon: mdiDelete,
  tone: 'danger',
  onSelect,
  disabledReason,
});
