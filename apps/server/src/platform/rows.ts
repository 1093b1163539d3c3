// Every area looks up one of a tenant's rows by its id, and locks it for the transaction when it
// is about to change it. `rowById` writes that lookup once: the area gives its SQL and, where it
// reads its rows through a type of its own, how a row becomes one.
import type { Queryable } from '../db/database.ts';

/** How a row is locked and made into what the area works with. */
export interface RowByIdOptions<Row, T> {
  /** The table alias locked where the SQL joins others (`for update of v`); by default all. */
  lockOf?: string;
  /** Makes the row into what the finder answers; by default the row itself. */
  map?: (row: Row) => T;
}

/**
 * A finder of one of a tenant's rows: `sql` selects it with the tenant as `$1` and the id as
 * `$2`; `lock` adds `for update`. It answers null where the tenant has no such row.
 */
export function rowById<Row, T = Row>(
  sql: string,
  options: RowByIdOptions<Row, T> = {},
): (db: Queryable, tenantId: number, id: number, lock?: boolean) => Promise<T | null> {
  const locked = `${sql} for update${options.lockOf ? ` of ${options.lockOf}` : ''}`;
  const map = options.map ?? ((row: Row) => row as unknown as T);
  return async (db, tenantId, id, lock = false) => {
    const row = (await db.query<Row>(lock ? locked : sql, [tenantId, id]))[0];
    return row ? map(row) : null;
  };
}

/**
 * The id of the one row an `insert … returning id` added. No row is a bug, not a refusal: it
 * throws naming the table (`insert into vms returned no row`).
 */
export async function insertedId(
  db: Queryable,
  sql: string,
  params: readonly unknown[],
): Promise<number> {
  const row = (await db.query<{ id: number }>(sql, params))[0];
  if (!row) throw new Error(`${/insert into \S+/i.exec(sql)?.[0] ?? 'insert'} returned no row`);
  return row.id;
}
