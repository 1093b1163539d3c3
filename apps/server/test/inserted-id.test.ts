import { describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/database.ts';
import { insertedId } from '../src/platform/rows.ts';

/** A database that answers every query with `rows`, and keeps what it was asked. */
const answering = (rows: unknown[]) => {
  const asked: { sql: string; params?: readonly unknown[] }[] = [];
  const db: Queryable = {
    query: async <T>(sql: string, params?: readonly unknown[]) => {
      asked.push({ sql, params });
      return rows as T[];
    },
    exec: async () => {},
  };
  return { db, asked };
};

describe('insertedId', () => {
  it('answers the id of the row the insert returned', async () => {
    const { db, asked } = answering([{ id: 7 }]);
    const sql = 'insert into vms (name) values ($1) returning id';
    await expect(insertedId(db, sql, ['web'])).resolves.toBe(7);
    expect(asked).toEqual([{ sql, params: ['web'] }]);
  });

  it('throws naming the table when no row came back', async () => {
    const { db } = answering([]);
    await expect(
      insertedId(db, `insert into monitor_incidents (monitor_id)\n values ($1) returning id`, [1]),
    ).rejects.toThrow('insert into monitor_incidents returned no row');
  });
});
