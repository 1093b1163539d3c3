import { mdiPlus } from '@mdi/js';
import { Button } from '@portal/ui';
import { PendingCreations } from '../../kit/PendingCreations.tsx';

/**
 * A section table's toolbar (gateways, public addresses): its create button, disabled with the
 * reason for a role that may only read, and beside it the creations on their way into the table.
 */
export function SectionToolbar({
  createLabel,
  readOnly,
  onCreate,
  pendingIn,
}: {
  /** The button's text: "Create gateway". */
  createLabel: string;
  /** Why the role may not create here; none for a role that may. */
  readOnly: string | undefined;
  onCreate: () => void;
  /** The `pendingIn` scope of the section's create task. */
  pendingIn: string;
}) {
  return (
    <>
      <Button
        variant="primary"
        size="small"
        leadingIcon={mdiPlus}
        disabled={Boolean(readOnly)}
        disabledReason={readOnly}
        onClick={onCreate}
      >
        {createLabel}
      </Button>
      <PendingCreations scope={pendingIn} />
    </>
  );
}
