import type { EdrSubscription } from '@portal/api/contract';
import { StatusChip, type StatusChipProps } from '@portal/ui';

type SubscriptionState = EdrSubscription['state'];

/** A subscription's state in words: "Active", or "Suspended". */
export const subscriptionStateLabel = (state: SubscriptionState) =>
  state === 'active' ? 'Active' : 'Suspended';

/** A subscription's state as a chip (suspended is a warning), in the list and on its page. */
export function SubscriptionStateChip({
  state,
  size,
}: {
  state: SubscriptionState;
  size?: StatusChipProps['size'];
}) {
  return (
    <StatusChip
      status={state === 'active' ? 'success' : 'warning'}
      label={subscriptionStateLabel(state)}
      size={size}
    />
  );
}
