// The list reply cache: a list's JSON text kept per (tenant, exact SQL and parameters) and tagged
// with the tenant's list version (migration 004), so a call answers from memory when nothing the
// list reads has changed since, in this or any other server on the same database.
import type { Queryable } from '../db/database.ts';

interface Entry {
  version: number;
  body: Buffer;
  /** What the entry holds in memory: the body and the key (two bytes a character). */
  bytes: number;
}

/** The tenant's list version: 0 until something of its lists first changes. */
export async function listVersion(db: Queryable, tenantId: number): Promise<number> {
  const rows = await db.query<{ version: number }>(
    'select version from list_versions where tenant_id = $1',
    [tenantId],
  );
  return Number(rows[0]?.version ?? 0);
}

/**
 * Least recently used replies up to `maxBytes` (0 keeps nothing). A reply is answered only for
 * the version it was made at; concurrent misses of one key and version share one query.
 */
export class ListCache {
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, Promise<Buffer>>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  /** Bytes held now (tests, metrics). */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The reply for `key` (which must name the tenant) at the tenant's current version: from
   * memory, or made by `make` and kept.
   */
  async reply(
    db: Queryable,
    tenantId: number,
    key: string,
    make: () => Promise<string>,
  ): Promise<Buffer> {
    if (this.maxBytes <= 0) return Buffer.from(await make());
    // The version is read before the list: a change committed in between makes the kept reply
    // newer than its version says, never older.
    const version = await listVersion(db, tenantId);
    const entry = this.#entries.get(key);
    if (entry?.version === version) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return entry.body;
    }
    const pendingKey = `${version}\n${key}`;
    const pending = this.#pending.get(pendingKey);
    if (pending) return pending;
    const made = make().then((text) => {
      const body = Buffer.from(text);
      this.#store(key, { version, body, bytes: body.length + key.length * 2 });
      return body;
    });
    this.#pending.set(pendingKey, made);
    try {
      return await made;
    } finally {
      this.#pending.delete(pendingKey);
    }
  }

  #store(key: string, entry: Entry): void {
    const old = this.#entries.get(key);
    if (old) {
      // A slower reader of an older version must not replace a newer reply.
      if (old.version > entry.version) return;
      this.#entries.delete(key);
      this.#bytes -= old.bytes;
    }
    if (entry.bytes > this.maxBytes) return;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    for (const [oldest, victim] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= victim.bytes;
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }
}
