// Demo data for `npm start`, the tests and the end-to-end tests: the tenants, roles and accounts
// (demo-accounts.ts), then every area's own demo data, seeded by the areas' descriptors.
import type { Database, Queryable } from './database.ts';
import { AREAS } from '../areas/index.ts';
import type { Area } from '../platform/area.ts';
import { seedSeams } from '../platform/compose.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_ROLES, DEMO_TENANTS } from './demo-accounts.ts';

export {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_ROLES,
  DEMO_TENANTS,
  type DemoAccount,
  type DemoRole,
  type DemoTenant,
} from './demo-accounts.ts';

/** Advisory lock key held while seeding, so that servers starting together seed once. */
const SEED_LOCK_KEY = 7_420_261_122;
const SEEDED_KEY = 'demo_seeded';

/**
 * Seeds the demo tenants, roles and users, the demo compute (VMs, vwseries, dseries) and every
 * area's demo data, each
 * once per database: the first run records `demo_seeded` (and `demo_compute_seeded`) in
 * app_meta, and later runs change nothing, even where the data was edited since. A database
 * seeded before compute existed gets the compute part on its next start. Returns whether it
 * seeded anything. Needs the migrations applied.
 */
export async function seedDemoData(db: Database, areas: readonly Area[] = AREAS): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const seeded = await tx.query('select 1 from app_meta where key = $1', [SEEDED_KEY]);
    if (seeded.length > 0) return seedAreasOnce(tx, areas);
    for (const tenant of DEMO_TENANTS) {
      await tx.query(
        `insert into tenants (cdb_id, name, kind) values ($1, $2, $3)
         on conflict (cdb_id) do nothing`,
        [tenant.cdb_id, tenant.name, tenant.kind],
      );
    }
    for (const role of DEMO_ROLES) {
      await tx.query(
        `insert into roles (name, builtin, permissions) values ($1, $2, $3::jsonb)
         on conflict (name) do nothing`,
        [role.name, role.builtin, JSON.stringify(role.permissions)],
      );
    }
    for (const account of DEMO_ACCOUNTS) {
      await tx.query(
        `insert into users (email, tenant_id, role_id, display_name)
         select $1, t.id, r.id, $4 from tenants t, roles r where t.cdb_id = $2 and r.name = $3
         on conflict (email) do nothing`,
        [account.email.toLowerCase(), account.tenant, account.role, account.displayName],
      );
    }
    await seedAreasOnce(tx, areas);
    await tx.query('insert into app_meta (key, value) values ($1, $2)', [
      SEEDED_KEY,
      new Date().toISOString(),
    ]);
    return true;
  });
}

/**
 * Every area's demo data, each once per database under its own app_meta marker (a database
 * seeded before an area existed gets that area's data on its next start), in the areas' order.
 */
async function seedAreasOnce(tx: Queryable, areas: readonly Area[]): Promise<boolean> {
  const seams = seedSeams(areas);
  let seeded = false;
  for (const area of areas) seeded = ((await area.facts.seed?.(tx, seams)) ?? false) || seeded;
  return seeded;
}

/** The part of firebase-admin's Auth that seeding the identity provider needs. */
export interface IdentityAccountAdmin {
  getUserByEmail(email: string): Promise<unknown>;
  createUser(properties: {
    email: string;
    password: string;
    displayName: string;
    emailVerified: boolean;
  }): Promise<unknown>;
}

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

/**
 * Creates each demo account in the identity provider (the Auth emulator) unless it exists.
 * Safe to run concurrently. Returns the e-mails it created.
 */
export async function seedIdentityAccounts(auth: IdentityAccountAdmin): Promise<string[]> {
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    try {
      await auth.getUserByEmail(account.email);
      continue;
    } catch (error) {
      if (errorCode(error) !== 'auth/user-not-found') throw error;
    }
    try {
      await auth.createUser({
        email: account.email,
        password: DEMO_PASSWORD,
        displayName: account.displayName,
        emailVerified: true,
      });
      created.push(account.email);
    } catch (error) {
      // Another process created it between our look-up and now.
      if (errorCode(error) !== 'auth/email-already-exists') throw error;
    }
  }
  return created;
}
