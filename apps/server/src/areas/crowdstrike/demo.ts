// Demo endpoint security for `npm start`: a managed EDR subscription for Acme and Globex, and the
// provider's MSSP over both (Acme delegated access to its console, Globex shares figures only).
import type { Queryable } from '../../db/database.ts';
import { insertMsspChild, insertSubscription } from './repository.ts';

const SEEDED_KEY = 'demo_crowdstrike_seeded';

/** Seeds the demo subscriptions once per database (recorded in app_meta). */
export async function seedDemoCrowdstrike(tx: Queryable): Promise<boolean> {
  const seeded = await tx.query('select 1 from app_meta where key = $1', [SEEDED_KEY]);
  if (seeded.length > 0) return false;
  const acme = await insertSubscription(tx, 'UZZ100001', {
    kind: 'medr',
    name: 'Acme Managed EDR',
  });
  const globex = await insertSubscription(tx, 'UZZ100002', {
    kind: 'medr',
    name: 'Globex Managed EDR',
  });
  const mssp = await insertSubscription(tx, 'UZZ999999', {
    kind: 'mssp',
    name: 'Skyport MSSP',
  });
  if (mssp !== null) {
    if (acme !== null) await insertMsspChild(tx, mssp, acme, true);
    if (globex !== null) await insertMsspChild(tx, mssp, globex, false);
  }
  await tx.query('insert into app_meta (key, value) values ($1, $2)', [
    SEEDED_KEY,
    new Date().toISOString(),
  ]);
  return true;
}
