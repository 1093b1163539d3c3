import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { retryingImport } from '../internal/retryingImport.ts';
import { mdiBellOutline } from '@mdi/js';
import { IconButton } from '../IconButton/IconButton.tsx';
import { useOpenState } from '../internal/useControllableState.ts';
import { Badge, TriggerBox } from './TaskCentre.styles.ts';
import type { TaskCentreItem } from './TaskCentrePanel.tsx';

export type { TaskCentreItem, TaskCentreState } from './TaskCentrePanel.tsx';

// The panel (Radix Dialog, its list) loads on the bell's first use: the app bar paints without it.
const TaskCentrePanel = lazy(retryingImport(() => import('./TaskCentrePanel.tsx')));

export interface TaskCentreProps {
  /** The tasks to list; shown newest first. */
  tasks: TaskCentreItem[];
  /** How many are running: the badge, and the button's name ("Tasks, 2 running"). */
  runningCount: number;
  /** The list is being fetched: a spinner while there are no tasks yet. */
  loading?: boolean;
  /** Why the list could not be fetched, in a sentence. Replaces the list. */
  error?: ReactNode;
  /** Offered as "Try again" next to `error`. */
  onRetry?: () => void;
  /** Whether the panel is open (controlled). */
  open?: boolean;
  /** Whether the panel starts open (uncontrolled). Defaults to false. */
  defaultOpen?: boolean;
  /** Called when the panel opens or closes (e.g. to fetch while it is open). */
  onOpenChange?: (open: boolean) => void;
  /** The panel's title and the button's name. Defaults to "Tasks". */
  label?: string;
  /** Cancels a task marked `cancellable` (one that has not started): the panel offers Cancel. */
  onCancel?: (task: TaskCentreItem) => void;
}

/**
 * The app bar's task centre: a bell with the running count, opening a panel that lists tasks
 * newest first with their state, target, start, duration and message. Presentational: the app
 * fetches and formats. A non-modal dialog: Escape or a click outside closes it and focus returns
 * to the bell.
 */
export function TaskCentre({
  tasks,
  runningCount,
  loading = false,
  error,
  onRetry,
  open,
  defaultOpen,
  onOpenChange,
  label = 'Tasks',
  onCancel,
}: TaskCentreProps) {
  const [isOpen, setOpen] = useOpenState({ open, defaultOpen, onOpenChange });
  // Once opened, the panel stays mounted, so closing runs Radix's exit (focus back to the bell).
  const [used, setUsed] = useState(isOpen);
  if (isOpen && !used) setUsed(true);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const name = runningCount > 0 ? `${label}, ${runningCount} running` : label;

  return (
    <TriggerBox>
      {/* What Radix's Dialog.Trigger would set; the panel treats a click here as not outside. */}
      <IconButton
        ref={triggerRef}
        icon={mdiBellOutline}
        aria-label={name}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        data-state={isOpen ? 'open' : 'closed'}
        onClick={() => setOpen(!isOpen)}
      />
      {runningCount > 0 && (
        <Badge aria-hidden="true">{runningCount > 99 ? '99+' : runningCount}</Badge>
      )}
      {used && (
        <Suspense fallback={null}>
          <TaskCentrePanel
            id={panelId}
            open={isOpen}
            onOpenChange={setOpen}
            triggerRef={triggerRef}
            tasks={tasks}
            loading={loading}
            error={error}
            onRetry={onRetry}
            onCancel={onCancel}
            label={label}
          />
        </Suspense>
      )}
    </TriggerBox>
  );
}
