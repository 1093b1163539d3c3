import { StatePanel, type StatePanelProps } from '../internal/StatePanel.tsx';

export type EmptyStateProps = StatePanelProps;

/** Nothing to show yet: an icon, a title, a description and what to do next. */
export function EmptyState(props: EmptyStateProps) {
  return <StatePanel {...props} tone="neutral" />;
}
