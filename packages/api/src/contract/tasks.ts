// Tasks: slow work answered with 202 and polled (specification section 3), and the task centre's
// list of the tenant's tasks (ours).
import { Type, type Static } from 'typebox';
import { DateTime, Id, Nullable, TaskState } from './common.ts';

/** A task was started; poll `GET /services/task/{task_id}` until SUCCESS or FAILURE. */
export const TaskAccepted = Type.Object(
  { task_id: Id },
  {
    $id: 'TaskAccepted',
    description: 'Answered with 202 by every call that starts slow work.',
  },
);
export type TaskAccepted = Static<typeof TaskAccepted>;

export const TaskParams = Type.Object({ id: Id });
export type TaskParams = Static<typeof TaskParams>;

/** Which tasks a list asks for: the open ones (PENDING or RUNNING), or one state. */
export const TASK_LIST_STATES = ['open', 'PENDING', 'RUNNING', 'SUCCESS', 'FAILURE'] as const;
export const TASK_LIST_DEFAULT_LIMIT = 50;
export const TASK_LIST_MAX_LIMIT = 200;

/** `GET /services/task`: the tenant's tasks, newest first, a page at a time. */
export const TaskListQuery = Type.Object(
  {
    state: Type.Optional(Type.Enum(TASK_LIST_STATES)),
    /** Only the tasks the caller started. */
    mine: Type.Optional(Type.Boolean()),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: TASK_LIST_MAX_LIMIT, default: TASK_LIST_DEFAULT_LIMIT }),
    ),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type TaskListQuery = Static<typeof TaskListQuery>;

/** One task as the task centre shows it. */
export const TaskSummary = Type.Object(
  {
    id: Id,
    /** The area whose operation it is: `compute`, `vwseries`, `backup`, … */
    area: Type.String(),
    /** The operation as the user named it: `Power off`, `Create`, `Delete`. */
    operation: Type.String(),
    /** What it works on: its kind, id and name when the task was queued (`vm`, 12, `web-1`). */
    target: Type.Object({
      kind: Type.String(),
      id: Type.String(),
      name: Type.String(),
      /** The portal path of the target, while it exists (null once deleted). */
      path: Nullable(Type.String()),
    }),
    state: TaskState,
    message: Type.String(),
    created_by: Nullable(Type.String()),
    created_at: DateTime,
    started_at: Nullable(DateTime),
    finished_at: Nullable(DateTime),
  },
  { $id: 'TaskSummary' },
);
export type TaskSummary = Static<typeof TaskSummary>;
