import type { Queryable } from '../db/database.ts';

const values = new Map<string, WeakMap<Queryable, Promise<string>>>();

/** An app_meta value that never changes once made: read once per process and database. */
function settled(db: Queryable, key: string, missing: string): Promise<string> {
  let byDb = values.get(key);
  if (!byDb) values.set(key, (byDb = new WeakMap()));
  let value = byDb.get(db);
  if (!value) {
    value = db
      .query<{ value: string }>('select value from app_meta where key = $1', [key])
      .then((rows) => rows[0]?.value ?? Promise.reject(new Error(missing)));
    value.catch(() => byDb.delete(db));
    byDb.set(db, value);
  }
  return value;
}

/**
 * This portal installation's id (app_meta, migration 026): made once per database, read once
 * per process.
 * Objects the portal makes on a shared backend carry it, so that another installation's objects
 * with the same numeric ids are never taken for ours.
 */
export function installationId(db: Queryable): Promise<string> {
  return settled(db, 'installation', 'The installation has no id.');
}

/**
 * How this installation's LXD names begin where LXD finds an object by name alone (tenant
 * projects, firewall ACLs): `portal-<installation id>-`, or `portal-` for an installation that
 * used LXD before names carried the id (migration 033, ADR 045).
 */
export function lxdNamePrefix(db: Queryable): Promise<string> {
  return settled(db, 'lxd-name-prefix', 'The installation has no LXD name prefix.');
}
