import { useRef, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { mdiBellOutline, mdiClose } from '@mdi/js';
import { Button } from '../Button/Button.tsx';
import { IconButton } from '../IconButton/IconButton.tsx';
import { Link } from '../Link/Link.tsx';
import { Spinner } from '../Spinner/Spinner.tsx';
import { StatusChip } from '../StatusChip/StatusChip.tsx';
import { useControllableState } from '../internal/useControllableState.ts';
import {
  Badge,
  Body,
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
  TriggerBox,
} from './TaskCentre.styles.ts';

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
}

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
}

const newestFirst = (tasks: TaskCentreItem[]) =>
  tasks.some((task) => task.startedAt !== undefined)
    ? [...tasks].sort((a, b) => (b.startedAt ?? -Infinity) - (a.startedAt ?? -Infinity))
    : tasks;

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
  defaultOpen = false,
  onOpenChange,
  label = 'Tasks',
}: TaskCentreProps) {
  const [isOpen, setOpen] = useControllableState({
    value: open,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const panelRef = useRef<HTMLDivElement>(null);
  const name = runningCount > 0 ? `${label}, ${runningCount} running` : label;
  const sorted = newestFirst(tasks);

  return (
    <RadixDialog.Root open={isOpen} onOpenChange={setOpen} modal={false}>
      <TriggerBox>
        <RadixDialog.Trigger asChild>
          <IconButton icon={mdiBellOutline} aria-label={name} />
        </RadixDialog.Trigger>
        {runningCount > 0 && (
          <Badge aria-hidden="true">{runningCount > 99 ? '99+' : runningCount}</Badge>
        )}
      </TriggerBox>
      <RadixDialog.Portal>
        <Panel
          ref={panelRef}
          aria-describedby={undefined}
          aria-busy={loading || undefined}
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
