import type { Queryable } from '../db/database.ts';

const ids = new WeakMap<Queryable, Promise<string>>();

/**
 * This portal installation's id (app_meta, migration 026): made once per database, read once
 * per process.
 * Objects the portal makes on a shared backend carry it, so that another installation's objects
 * with the same numeric ids are never taken for ours.
 */
export function installationId(db: Queryable): Promise<string> {
  let id = ids.get(db);
  if (!id) {
    id = db
      .query<{ id: string }>("select value as id from app_meta where key = 'installation'")
      .then((rows) => rows[0]?.id ?? Promise.reject(new Error('The installation has no id.')));
    id.catch(() => ids.delete(db));
    ids.set(db, id);
  }
  return id;
}
