import { Spinner } from '@portal/ui';
import styled from 'styled-components';
import { usePendingCreations } from './useTaskAction.ts';

const Row = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 12px;
  color: var(--ui-color-text-secondary);
`;

/**
 * The creations on their way into a list (`pendingIn`), shown where they were asked for (beside
 * the list's create button) from the click until the list shows the new object itself.
 */
export function PendingCreations({ scope }: { scope: string }) {
  const pending = usePendingCreations(scope);
  if (pending.length === 0) return null;
  return (
    <Row>
      {pending.map((each) => (
        <Spinner key={each.id} size="small" showLabel label={`${each.operation}: ${each.label}`} />
      ))}
    </Row>
  );
}
