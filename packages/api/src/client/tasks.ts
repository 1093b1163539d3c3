// Typed calls for tasks: any task's status (section 3) and the task centre's list (ours).
import type { TaskStatus } from '../contract/common.ts';
import type { TaskListQuery, TaskSummary } from '../contract/tasks.ts';
import type { ApiClient } from './core.ts';

export interface TaskPage {
  tasks: TaskSummary[];
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
}

export interface TasksApi {
  /** `GET /services/task/{id}`: any task of the tenant. */
  status(taskId: number): Promise<TaskStatus>;
  /** `GET /services/task`: the tenant's tasks, newest first. */
  list(query?: TaskListQuery): Promise<TaskPage>;
  /** `DELETE /services/task/{id}`: cancels a task that has not started (409 once it has). */
  cancel(taskId: number): Promise<TaskStatus>;
}

export function tasksApi(api: ApiClient): TasksApi {
  return {
    status: (taskId) => api.get<TaskStatus>(`/services/task/${taskId}`),
    cancel: (taskId) => api.delete<TaskStatus>(`/services/task/${taskId}`),
    list: async (query = {}) => {
      const searchParams = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined) searchParams.set(key, String(value));
      }
      const reply = await api.page<TaskSummary>('/services/task', { searchParams });
      return { tasks: reply.data, nextCursor: reply.page.next_cursor };
    },
  };
}
