// The task centre's server state: the tenant's recent tasks and the signed-in user's open ones.
import { queryOptions } from '@tanstack/react-query';
import { tasksApi } from '@portal/api/client';
import { TASK_POLL_INTERVAL_MS } from '@portal/api/contract';
import { getServices } from '../../services.ts';

/** How many recent tasks the panel lists. */
export const RECENT_TASKS = 30;

export const taskKeys = {
  all: ['tasks'] as const,
  /** Every area's recent tasks, newest first. */
  recent: () => [...taskKeys.all, 'recent'] as const,
  /** The signed-in user's open (PENDING or RUNNING) tasks: the badge. */
  mineOpen: () => [...taskKeys.all, 'mine', 'open'] as const,
};

const api = () => tasksApi(getServices().api);

/** `POST /tasks/{id}/cancel`: takes back a task that has not started. */
export const cancelTask = (id: number) => api().cancel(id);

export const taskQueries = {
  /** Polls every 5000 ms while a listed task is still open; then stops. */
  recent: () =>
    queryOptions({
      queryKey: taskKeys.recent(),
      queryFn: () => api().list({ limit: RECENT_TASKS }),
      staleTime: 0,
      refetchInterval: (query) =>
        query.state.data?.tasks.some((task) => task.state === 'PENDING' || task.state === 'RUNNING')
          ? TASK_POLL_INTERVAL_MS
          : false,
    }),
  mineOpen: () =>
    queryOptions({
      queryKey: taskKeys.mineOpen(),
      queryFn: () => api().list({ state: 'open', mine: true, limit: 100 }),
      staleTime: 0,
      refetchInterval: (query) =>
        (query.state.data?.tasks.length ?? 0) > 0 ? TASK_POLL_INTERVAL_MS : false,
    }),
};
