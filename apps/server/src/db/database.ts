/** Runs SQL; the database itself or one transaction on it. */
export interface Queryable {
  /** One statement with `$1`-style parameters; resolves to its rows. */
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * The storage seam: PGlite in one process by default, PostgreSQL when DATABASE_URL is set. Both
 * speak the same SQL; int8 values come back as JavaScript numbers on both.
 */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
