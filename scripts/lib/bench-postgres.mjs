// The PostgreSQL server the benchmarks also run against, and whether it answers.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from './proc.mjs';

const pg = createRequire(join(repoRoot, 'apps/server/package.json'))('pg');

/** BENCH_POSTGRES_URL, by default the test server. */
export const POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether PostgreSQL at POSTGRES_URL answers a query within two seconds. */
export async function postgresAnswers() {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
