// The task centre's panel, loaded on the bell's first use (see TaskCentre.tsx).
import { useRef, type ReactNode, type RefObject } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { mdiClose } from '@mdi/js';
import { Button } from '../Button/Button.tsx';
import { IconButton } from '../IconButton/IconButton.tsx';
import { Link } from '../Link/Link.tsx';
import { Spinner } from '../Spinner/Spinner.tsx';
import { StatusChip } from '../StatusChip/StatusChip.tsx';
import {
  Body,
  Cancel,
  Header,
  List,
  Message,
  Meta,
  Operation,
  Panel,
  StateBox,
  Target,
  Task,
  Title,
} from './TaskCentrePanel.styles.ts';

/** A task's state, as the task engine reports it. */
export type TaskCentreState = 'PENDING' | 'RUNNING' | 'SUCCESS' | 'FAILURE';

/** One task in the list. Every text is the app's, already formatted. */
export interface TaskCentreItem {
  /** Stable id of the task. */
  id: string;
  /** What is done: "Power on", "Create snapshot". */
  operation: string;
  /** What it is done to: "web-01". */
  target?: string;
  /** Where the target is shown; the target is then a link (routed by the `LinkProvider`). */
  targetHref?: string;
  /** The task's state, shown as a chip. */
  state: TaskCentreState;
  /** When it started, formatted by the app ("14:02", "5 minutes ago"). */
  started: string;
  /** When it started, as a time value: orders the list newest first. Without it, the given order stays. */
  startedAt?: number;
  /** How long it took or has taken, formatted ("1 min 20 s"). */
  duration?: string;
  /** The engine's sentence about it: progress, or why it failed. */
  message?: string;
  /** It has not started and may still be cancelled: the panel offers Cancel. */
  cancellable?: boolean;
}

const newestFirst = (tasks: TaskCentreItem[]) =>
  tasks.some((task) => task.startedAt !== undefined)
    ? [...tasks].sort((a, b) => (b.startedAt ?? -Infinity) - (a.startedAt ?? -Infinity))
    : tasks;

interface TaskCentrePanelProps {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell: a click on it is not "outside", and focus returns to it on close. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  tasks: TaskCentreItem[];
  loading: boolean;
  error?: ReactNode;
  onRetry?: (() => void) | undefined;
  onCancel?: ((task: TaskCentreItem) => void) | undefined;
  label: string;
}

/** The non-modal dialog listing the tasks; the bell outside it stands for Radix's trigger. */
export default function TaskCentrePanel({
  id,
  open: isOpen,
  onOpenChange: setOpen,
  triggerRef,
  tasks,
  loading,
  error,
  onRetry,
  onCancel,
  label,
}: TaskCentrePanelProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  // As Radix does for its own trigger: after a click or focus elsewhere, focus stays there.
  const interactedOutside = useRef(false);
  const sorted = newestFirst(tasks);

  return (
    <RadixDialog.Root open={isOpen} onOpenChange={setOpen} modal={false}>
      <RadixDialog.Portal>
        <Panel
          ref={panelRef}
          aria-describedby={undefined}
          aria-busy={loading || undefined}
          id={id}
          onInteractOutside={(event) => {
            if (event.target instanceof Node && triggerRef.current?.contains(event.target)) {
              // The bell toggles the panel itself.
              event.preventDefault();
              return;
            }
            interactedOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!interactedOutside.current) triggerRef.current?.focus();
            interactedOutside.current = false;
          }}
          onOpenAutoFocus={(event) => {
            // The panel itself, not its close button: Tab then walks the list.
            event.preventDefault();
            panelRef.current?.focus();
          }}
        >
          <Header>
            <RadixDialog.Title asChild>
              <Title>{label}</Title>
            </RadixDialog.Title>
            <RadixDialog.Close asChild>
              <IconButton
                icon={mdiClose}
                size="small"
                aria-label={`Close ${label.toLowerCase()}`}
              />
            </RadixDialog.Close>
          </Header>
          <Body>
            {error ? (
              <StateBox data-tone="error">
                <p role="alert">{error}</p>
                {onRetry && (
                  <Button variant="outlined" size="small" onClick={onRetry}>
                    Try again
                  </Button>
                )}
              </StateBox>
            ) : loading && tasks.length === 0 ? (
              <StateBox>
                <Spinner label="Loading tasks…" showLabel />
              </StateBox>
            ) : tasks.length === 0 ? (
              <StateBox>
                <p>No tasks yet. Work you start, such as powering on a machine, shows here.</p>
              </StateBox>
            ) : (
              <List aria-label={`${label}, newest first`}>
                {sorted.map((task) => (
                  <Task key={task.id}>
                    <Operation>{task.operation}</Operation>
                    <StatusChip status={task.state} />
                    {task.target && (
                      <Target>
                        {task.targetHref ? (
                          <Link href={task.targetHref} onClick={() => setOpen(false)}>
                            {task.target}
                          </Link>
                        ) : (
                          task.target
                        )}
                      </Target>
                    )}
                    <Meta>
                      Started {task.started}
                      {task.duration && ` · ${task.duration}`}
                    </Meta>
                    {task.message && <Message data-state={task.state}>{task.message}</Message>}
                    {task.cancellable && onCancel && (
                      <Cancel>
                        <Button
                          variant="text"
                          size="small"
                          aria-label={`Cancel ${task.operation}${task.target ? ` on ${task.target}` : ''}`}
                          onClick={() => onCancel(task)}
                        >
                          Cancel
                        </Button>
                      </Cancel>
                    )}
                  </Task>
                ))}
              </List>
            )}
          </Body>
        </Panel>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
