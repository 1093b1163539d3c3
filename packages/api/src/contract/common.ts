import { Type, type Static, type TSchema } from 'typebox';

/** Every error reply: a human sentence, and the offending field for invalid input. */
export const ErrorReply = Type.Object(
  {
    message: Type.String({ description: 'A human sentence describing what went wrong.' }),
    field: Type.Optional(Type.String({ description: 'The input field at fault (400 only).' })),
  },
  { $id: 'ErrorReply' },
);
export type ErrorReply = Static<typeof ErrorReply>;

/** Task status as polled by the portal (specification section 3). */
export const TaskState = Type.Union([
  Type.Literal('PENDING'),
  Type.Literal('RUNNING'),
  Type.Literal('SUCCESS'),
  Type.Literal('FAILURE'),
]);
export type TaskState = Static<typeof TaskState>;

export const TaskStatus = Type.Object({ state: TaskState, message: Type.String() });
export type TaskStatus = Static<typeof TaskStatus>;

/** Every successful reply wraps its payload in `data`. */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ data });
