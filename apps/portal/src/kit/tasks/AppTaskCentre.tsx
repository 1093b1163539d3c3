// The task centre in the app bar: the tenant's recent tasks of every area (server-backed, so it
// survives a reload), the badge counting the signed-in user's open ones.
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaskSummary } from '@portal/api/contract';
import { TaskCentre, type TaskCentreItem } from '@portal/ui';
import { durationBetween, formatDateTime, formatRelative } from '../../lib/format.ts';
import { notify, reportError } from '../../services.ts';
import { readStateProps } from '../queryError.ts';
import { cancelTask, taskKeys, taskQueries } from './queries.ts';

/** One task as the panel shows it: dates through the one formatter, the target as a link. */
export function toTaskCentreItem(task: TaskSummary, now: number = Date.now()): TaskCentreItem {
  const started = task.started_at ?? task.created_at;
  const open = task.state === 'PENDING' || task.state === 'RUNNING';
  return {
    id: String(task.id),
    operation: task.operation,
    target: task.target.name,
    targetHref: task.target.path ?? undefined,
    state: task.state,
    started: `${formatRelative(started, now)} · ${formatDateTime(started)}`,
    startedAt: new Date(task.created_at).getTime(),
    duration: task.started_at
      ? durationBetween(task.started_at, open ? null : task.finished_at, now)
      : undefined,
    message: task.message || undefined,
    cancellable: task.state === 'PENDING',
  };
}

/** See the file's first lines. */
export function AppTaskCentre() {
  // The list is the panel's: fetched from its first opening on. The badge's count is fetched now.
  const [opened, setOpened] = useState(false);
  const recent = useQuery({ ...taskQueries.recent(), enabled: opened });
  const mine = useQuery(taskQueries.mineOpen());
  const client = useQueryClient();
  // A task that has not started can be taken back; the engine says so if it started meanwhile.
  const cancel = async (task: TaskCentreItem) => {
    try {
      await cancelTask(Number(task.id));
      notify(`${task.operation} cancelled.`, 'info');
    } catch (error) {
      notify(`${task.operation} could not be cancelled : ${reportError(error)}`, 'error');
    }
    void client.invalidateQueries({ queryKey: taskKeys.all });
  };
  const items = useMemo(
    () => (recent.data?.tasks ?? []).map((task) => toTaskCentreItem(task)),
    [recent.data],
  );
  return (
    <TaskCentre
      tasks={items}
      runningCount={mine.data?.tasks.length ?? 0}
      {...readStateProps(recent)}
      onCancel={(task) => void cancel(task)}
      onOpenChange={(open) => {
        // Opening shows the newest state, even between polls.
        if (!open) return;
        if (opened) void recent.refetch();
        else setOpened(true);
      }}
    />
  );
}
