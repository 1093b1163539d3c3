import { Type, type Static, type TObjectOptions, type TProperties, type TSchema } from 'typebox';

/** Every error reply: a human sentence, and the offending field for invalid input. */
export const ErrorReply = Type.Object(
  {
    message: Type.String({ description: 'A human sentence describing what went wrong.' }),
    field: Type.Optional(Type.String({ description: 'The input field at fault (400 only).' })),
  },
  { $id: 'ErrorReply' },
);
export type ErrorReply = Static<typeof ErrorReply>;

/**
 * A named object that refuses properties it does not declare: a request body or query. `$id`
 * names it in the OpenAPI document; `options` adds to those two (`minProperties`).
 */
export const ClosedObject = <P extends TProperties>(
  $id: string,
  properties: P,
  options: TObjectOptions = {},
) => Type.Object(properties, { $id, additionalProperties: false, ...options });

/** A `PATCH` body: a closed object that must change at least one of its properties. */
export const PatchBody = <P extends TProperties>($id: string, properties: P) =>
  ClosedObject($id, properties, { minProperties: 1 });

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

/** A positive integer id (our ids are integers; `1.5` is refused, not truncated). */
export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const DateTime = Type.String({ format: 'date-time' });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Every successful reply wraps its payload in `data`. */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ data });

/**
 * A page of a list (ours): `data` holds the items, `page.next_cursor` the opaque cursor of the
 * next page (null on the last). The same list without paging parameters answers the whole list.
 */
export const Paged = <T extends TSchema>(item: T) =>
  Type.Object({
    data: Type.Array(item),
    page: Type.Object({
      next_cursor: Nullable(Type.String({ description: 'Pass as `cursor` for the next page.' })),
    }),
  });

// ---------------------------------------------------------------------------------------------
// Paging of the lists (ours): the same list path, with any of `limit`, `cursor`, `sort`, `q`.

/** A page holds at most this many rows; the default when only `cursor`, `sort` or `q` is given. */
export const LIST_MAX_LIMIT = 1000;
export const LIST_DEFAULT_LIMIT = 100;

/** The paging parameters every list accepts; none of them: the whole list, as specified. */
export const ListPagingFields = {
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: LIST_MAX_LIMIT,
      description: `Rows per page (default ${LIST_DEFAULT_LIMIT}); asks for the paged reply.`,
    }),
  ),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 512,
      description: 'The `page.next_cursor` of the previous page, with the same `sort` and `q`.',
    }),
  ),
  sort: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'A sortable field of the list; `-field` for descending.',
    }),
  ),
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Search: rows whose name or visible text contains this, ignoring case.',
    }),
  ),
};
export const ListPagingQuery = Type.Object(ListPagingFields);
export type ListPagingQuery = Static<typeof ListPagingQuery>;

export const ListPage = Type.Object({
  next_cursor: Nullable(Type.String({ description: 'Pass as `cursor` for the next page.' })),
  total: Type.Integer({ minimum: 0, description: 'Rows matching `q` in all pages.' }),
});
export type ListPage = Static<typeof ListPage>;

/**
 * A list reply: the whole list in `data`, or with paging parameters one page of it and `page`.
 */
export const ListReply = <T extends TSchema>(item: T) =>
  Type.Object({
    data: Type.Array(item),
    page: Type.Optional(ListPage),
  });
