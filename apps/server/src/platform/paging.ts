// Paging of every list: `limit`, an opaque `cursor`, `sort` and `q` on the list's own path, and
// the reply's JSON text made by PostgreSQL (sent as it is: no parse and serialise in Node). An area
// describes its list once (`ListSpec`); `parsePaging` checks the parameters, `listJson` answers.
import { createHash } from 'node:crypto';
import { LIST_DEFAULT_LIMIT, type ListPagingQuery } from '@portal/api/contract';
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { badRequest } from '../errors.ts';
import type { ListCache } from './list-cache.ts';

/** The SQL type of a sort key: how a cursor's value is cast back. */
export type SortType = 'text' | 'integer' | 'bigint' | 'timestamptz';

/** A whitelisted sort: a non-null SQL expression and its type. */
export interface SortKey {
  sql: string;
  type: SortType;
}

/**
 * A list's sorts, most of which are columns of its main table: a sort given as its type sorts
 * the column of its own name (`name: 'text'`: `alias.name`), `[column, type]` another column of
 * the table, `{ sql, type }` any expression. The order is kept (a bad `sort` names them in it).
 */
export function columnSorts(
  alias: string,
  sorts: Readonly<Record<string, SortType | readonly [column: string, type: SortType] | SortKey>>,
): Record<string, SortKey> {
  return Object.fromEntries(
    Object.entries(sorts).map(([name, sort]) => {
      if (typeof sort === 'string') return [name, { sql: `${alias}.${name}`, type: sort }];
      if (Array.isArray(sort)) return [name, { sql: `${alias}.${sort[0]}`, type: sort[1] }];
      return [name, sort];
    }),
  );
}

export interface ListSpec {
  /** Names the list in its cursors, so a cursor of another list is refused. */
  name: string;
  /** The `from` clause with its joins (`vms v join tenants t on …`). */
  from: string;
  /** The row's unique id column (`v.id`, a bigint or integer): the tie-breaker of every sort. */
  id: string;
  /**
   * The reply's fields as a select list (`v.id, v.display_name, … as created_at`), each named as
   * in the contract and in its order; may use the tables of `from` and the caller's parameters.
   */
  fields: string;
  /** The whitelisted sorts: the name a client passes, a non-null SQL expression and its type. */
  sorts: Readonly<Record<string, SortKey>>;
  /** The order of the unpaged list and of a page without `sort`. */
  defaultSort: string;
  /** That order descending (newest first). */
  defaultDesc?: boolean;
  /** Text expressions `q` searches (ignoring case, anywhere in the text). */
  search: readonly string[];
}

/** A page asked for: checked against the list's spec. */
export interface Paging {
  limit: number;
  sort: string;
  desc: boolean;
  /** The last row of the previous page: its sort value and id. */
  after: { value: string; id: number } | null;
  q: string;
  /** Ties a cursor to the list, the caller's tenant and scope, the sort and the search. */
  binding: string;
}

/** The SQL `where` of the caller's rows: `$1`-style parameters, numbered from 1. */
export interface Scope {
  /** Whose rows: the tenant whose list version a cached reply is checked against. */
  tenantId: number;
  where: string;
  params: unknown[];
}

/** SQL for a timestamp as ISO 8601 text in UTC with milliseconds, as `toISOString` writes it. */
export const isoText = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const PAGING_KEYS = ['limit', 'cursor', 'sort', 'q'] as const;

/** True when the call asks for the paged form (any of `limit`, `cursor`, `sort`, `q`). */
export const wantsPaging = (query: ListPagingQuery): boolean =>
  PAGING_KEYS.some((key) => query[key] !== undefined);

const hash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 16);

const badCursor = () => badRequest('cursor: is not a cursor this list gave out', 'cursor');

function decodeCursor(cursor: string, binding: string, type: SortType): Paging['after'] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== binding) throw badCursor();
  const [, value, id] = parsed as unknown[];
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw badCursor();
  const numeric = type === 'integer' || type === 'bigint';
  if (numeric ? !Number.isSafeInteger(value) : typeof value !== 'string') throw badCursor();
  if (type === 'timestamptz' && Number.isNaN(Date.parse(String(value)))) throw badCursor();
  return { value: String(value), id };
}

const encodeCursor = (binding: string, value: unknown, id: unknown) =>
  Buffer.from(JSON.stringify([binding, value, id])).toString('base64url');

/**
 * The page a call asks for, or null for the whole list (no paging parameter given). `scopeKey`
 * names what the caller sees (tenant and series): a cursor given out for another is refused.
 * Throws 400 naming `sort` or `cursor` (`limit` and `q` are checked by the route's schema).
 */
export function parsePaging(
  spec: Pick<ListSpec, 'name' | 'defaultSort' | 'defaultDesc'> & {
    sorts: Readonly<Record<string, { type: SortType }>>;
  },
  query: ListPagingQuery,
  scopeKey: string,
): Paging | null {
  if (!wantsPaging(query)) return null;
  const wanted = query.sort ?? `${spec.defaultDesc ? '-' : ''}${spec.defaultSort}`;
  const desc = wanted.startsWith('-');
  const sort = desc ? wanted.slice(1) : wanted;
  const key = Object.hasOwn(spec.sorts, sort) ? spec.sorts[sort] : undefined;
  if (!key) {
    const names = Object.keys(spec.sorts).join(', ');
    throw badRequest(`sort: must be one of ${names} (with - before it for descending)`, 'sort');
  }
  const q = query.q?.trim() ?? '';
  const binding = hash(`${spec.name}\n${scopeKey}\n${wanted}\n${q}`);
  return {
    limit: query.limit ?? LIST_DEFAULT_LIMIT,
    sort,
    desc,
    after: query.cursor ? decodeCursor(query.cursor, binding, key.type) : null,
    q,
    binding,
  };
}

/** `%text%` for `ilike`, with the text's own `%`, `_` and `\` matched literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A list's query: its SQL, parameters, and how the reply's text is made from its one row. */
interface ListQuery {
  sql: string;
  params: unknown[];
  text(row: Record<string, unknown> | undefined): string;
}

function listQuery(spec: ListSpec, scope: Scope, paging: Paging | null): ListQuery {
  const params = [...scope.params];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (!paging) {
    const order = spec.sorts[spec.defaultSort]?.sql ?? spec.id;
    const dir = spec.defaultDesc ? 'desc' : 'asc';
    return {
      sql: `select json_agg(r order by ${order} ${dir}, ${spec.id} ${dir})::text as data
              from ${spec.from} cross join lateral (select ${spec.fields}) r
             where ${scope.where}`,
      params,
      text: (row) => `{"data":${typeof row?.data === 'string' ? row.data : '[]'}}`,
    };
  }

  const key = spec.sorts[paging.sort];
  if (!key) throw new Error(`no sort ${paging.sort} in ${spec.name}`);
  const dir = paging.desc ? 'desc' : 'asc';
  const search =
    paging.q && spec.search.length > 0
      ? (() => {
          const text = param(contains(paging.q));
          return ` and (${spec.search.map((sql) => `${sql} ilike ${text}`).join(' or ')})`;
        })()
      : '';
  const after = paging.after
    ? `where (sort_key, row_id) ${paging.desc ? '<' : '>'} ` +
      `(${param(paging.after.value)}::${key.type}, ${param(paging.after.id)}::bigint)`
    : '';
  const limit = paging.limit;
  // `matched` is read twice (count and page), so PostgreSQL computes it once; the reply's JSON is
  // built only for the page's rows.
  const sql = `with matched as (
       select ${spec.id} as row_id, ${key.sql} as sort_key
         from ${spec.from} where (${scope.where})${search}
     ), page as (
       select row_id, sort_key from matched ${after}
        order by sort_key ${dir}, row_id ${dir} limit ${limit + 1}
     ), shown as (
       select row_id, sort_key, row_number() over (order by sort_key ${dir}, row_id ${dir}) as n
         from page
     )
     select (select count(*) from matched)::integer as total,
            (select count(*) from page)::integer as fetched,
            (select json_build_array(sort_key, row_id)::text from shown where n = ${limit}) as last,
            (select coalesce(json_agg(r order by p.n), '[]')::text
               from ${spec.from} join shown p on p.row_id = ${spec.id}
               cross join lateral (select ${spec.fields}) r
              where p.n <= ${limit}) as data`;
  const text = (found: Record<string, unknown> | undefined) => {
    if (!found) throw new Error(`the page of ${spec.name} returned no row`);
    const row = found as { total: number; fetched: number; last: string | null; data: string };
    let next: string | null = null;
    if (row.fetched > limit && row.last) {
      const [value, id] = JSON.parse(row.last) as [unknown, unknown];
      next = encodeCursor(paging.binding, value, id);
    }
    return `{"data":${row.data},"page":{"next_cursor":${JSON.stringify(next)},"total":${row.total}}}`;
  };
  return { sql, params, text };
}

/**
 * The list's reply as JSON text, made by the database: `{"data":[…]}` for the whole list, or
 * `{"data":[…],"page":{"next_cursor":…,"total":…}}` for a page. Keyset paging on (sort, id):
 * rows inserted or deleted meanwhile neither repeat nor shift the rows of the next page. With a
 * `cache`, the reply made at the tenant's current list version is answered from memory.
 */
export async function listJson(
  db: Queryable,
  spec: ListSpec,
  scope: Scope,
  paging: Paging | null,
  cache?: ListCache,
): Promise<string | Buffer> {
  const { sql, params, text } = listQuery(spec, scope, paging);
  const run = async () => text((await db.query<Record<string, unknown>>(sql, params))[0]);
  if (!cache) return run();
  // The exact SQL and parameters (the tenant's id among them) are the key: two calls share a
  // reply only when the database is asked the very same question for the same tenant.
  const key = `${spec.name}\n${scope.tenantId}\n${JSON.stringify(params)}\n${sql}`;
  return cache.reply(db, scope.tenantId, key, run);
}

/**
 * A list of the tenant's own rows of one table (`alias.tenant_id`), so an area's plain list is
 * one declaration and its service one call.
 */
export function tenantList(spec: ListSpec, alias: string) {
  return {
    /**
     * The reply to a call of the list, as JSON text: the tenant's rows in the default order, or
     * the page asked for. The paging parameters are checked first (a 400 changes nothing), then
     * `prepare` runs (an area catching up with its platform), then the database answers; with
     * `deps.lists` from the list cache.
     */
    async reply(
      deps: { db: Queryable; lists?: ListCache },
      tenantId: number,
      query: ListPagingQuery,
      prepare?: () => Promise<unknown>,
    ): Promise<string | Buffer> {
      const paging = parsePaging(spec, query, String(tenantId));
      await prepare?.();
      const scope = { tenantId, where: `${alias}.tenant_id = $1`, params: [tenantId] };
      return listJson(deps.db, spec, scope, paging, deps.lists);
    },
  };
}

/**
 * A list made in Node rather than by one SQL query (a licence's seats are allocated across its
 * product's subscriptions; an EDR subscription's figures come from its platform): paged, sorted
 * and searched the same way, with the same cursors, once its rows are made.
 */
export interface RowListSpec<T> {
  /** Names the list in its cursors, so a cursor of another list is refused. */
  name: string;
  id: (row: T) => number;
  /** The whitelisted sorts: the name a client passes, the row's value and its type. */
  sorts: Readonly<Record<string, { value: (row: T) => string | number; type: SortType }>>;
  defaultSort: string;
  defaultDesc?: boolean;
  /** Texts `q` searches (ignoring case, anywhere in the text). */
  search: (row: T) => readonly (string | null | undefined)[];
}

const compareValues = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** A page of `rows` (all of the caller's, in any order) as `listJson` answers it, or all of them. */
export function pageRows<T>(
  spec: RowListSpec<T>,
  rows: readonly T[],
  paging: Paging | null,
): { data: T[]; page?: { next_cursor: string | null; total: number } } {
  const wanted = paging?.sort ?? spec.defaultSort;
  const key = spec.sorts[wanted];
  if (!key) throw new Error(`no sort ${wanted} in ${spec.name}`);
  const numeric = key.type === 'integer' || key.type === 'bigint';
  const valueOf = (row: T) => (numeric ? Number(key.value(row)) : String(key.value(row)));
  const sign = (paging ? paging.desc : spec.defaultDesc) ? -1 : 1;
  const compare = (a: { value: string | number; id: number }, b: typeof a) =>
    sign * (compareValues(a.value, b.value) || a.id - b.id);
  const q = paging?.q.toLowerCase() ?? '';
  const keyed = rows
    .filter(
      (row) =>
        q === '' || spec.search(row).some((text) => text?.toLowerCase().includes(q) === true),
    )
    .map((row) => ({ row, value: valueOf(row), id: spec.id(row) }))
    .sort(compare);
  if (!paging) return { data: keyed.map((entry) => entry.row) };
  const after = paging.after
    ? { value: numeric ? Number(paging.after.value) : paging.after.value, id: paging.after.id }
    : null;
  const start = after ? keyed.findIndex((entry) => compare(entry, after) > 0) : 0;
  const rest = start < 0 ? [] : keyed.slice(start);
  const shown = rest.slice(0, paging.limit);
  const last = shown.at(-1);
  return {
    data: shown.map((entry) => entry.row),
    page: {
      next_cursor:
        rest.length > paging.limit && last
          ? encodeCursor(paging.binding, last.value, last.id)
          : null,
      total: keyed.length,
    },
  };
}

/** Sends JSON text as it is: Fastify serialises objects only, and a JSON type marks the text. */
export const sendJsonText = (reply: FastifyReply, json: string | Buffer) =>
  reply.type('application/json; charset=utf-8').send(json);
