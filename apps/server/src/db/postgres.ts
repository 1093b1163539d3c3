import pg from 'pg';
import type { Database, Queryable } from './database.ts';

// Ids and counts are int8; as numbers they read the same as on PGlite (exact below 2^53).
const typeParsers = new pg.TypeOverrides();
typeParsers.setTypeParser(pg.types.builtins.INT8, (text: string) => Number(text));

interface PgLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

const wrap = (client: PgLike): Queryable => ({
  async query<T>(sql: string, params: readonly unknown[] = []) {
    return (await client.query(sql, [...params])).rows as T[];
  },
  async exec(sql: string) {
    // Without parameters pg uses the simple protocol, which runs several statements.
    await client.query(sql);
  },
});

/** PostgreSQL through a connection pool; several servers may share the database. */
export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize, types: typeParsers });
  // An idle pooled connection that breaks (PostgreSQL restarted, or a DBA ended it) is dropped
  // by the pool, which connects again on demand; without a listener it would stop the process.
  pool.on('error', () => undefined);
  // Fail at start, with the driver's reason, rather than on the first request.
  await pool.query('select 1');
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
