import { mdiAlertCircleOutline } from '@mdi/js';
import { StatePanel, type StatePanelProps } from '../internal/StatePanel.tsx';

export interface ErrorStateProps extends Omit<StatePanelProps, 'icon'> {
  /** Defaults to an alert circle. */
  icon?: string;
}

/** A page or section that could not load: what failed, what to do, and perhaps a retry action. */
export function ErrorState({ icon = mdiAlertCircleOutline, ...props }: ErrorStateProps) {
  return <StatePanel {...props} icon={icon} tone="error" />;
}
