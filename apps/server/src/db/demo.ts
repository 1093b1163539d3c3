// Demo data for `npm start`, the tests and the end-to-end tests. Kept free of heavy imports: the
// build also emits it alone as dist/demo.mjs, which the start script reads to list the accounts.
import { ADMINISTRATOR_ROLE, permissionsOnAllAreas, type Permissions } from '@portal/api/contract';
import type { Database, Queryable } from './database.ts';
import { seedDemoBackup } from '../areas/backup/index.ts';
import { seedDemoCompute } from '../areas/compute/index.ts';
import { seedDemoCrowdstrike } from '../areas/crowdstrike/index.ts';
import { seedDemoNetworking } from '../areas/networking/index.ts';
import { insertDemoDseries } from '../areas/dseries/index.ts';
import { seedDemoStorage } from '../areas/storage/index.ts';
import { insertDemoVwseries } from '../areas/vwseries/index.ts';
import { seedDemoLicense } from '../areas/license/index.ts';
import { seedDemoPhishing } from '../areas/phishing/index.ts';
import { seedDemoMonitoring } from '../areas/monitoring/index.ts';
import type { TenantKind } from './tenants.ts';

export const DEMO_PASSWORD = 'Demo-pass-2026';

export interface DemoTenant {
  cdb_id: string;
  name: string;
  kind: TenantKind;
}

export const DEMO_TENANTS: readonly DemoTenant[] = [
  { cdb_id: 'UZZ999999', name: 'Skyport Cloud (provider)', kind: 'provider' },
  { cdb_id: 'UZZ999997', name: 'Skyport Internal IT', kind: 'internal' },
  { cdb_id: 'UZZ000002', name: 'Trial Labs (proof of concept)', kind: 'poc' },
  { cdb_id: 'UZZ100001', name: 'Acme Manufacturing', kind: 'customer' },
  { cdb_id: 'UZZ100002', name: 'Globex Retail', kind: 'customer' },
];

export interface DemoRole {
  name: string;
  builtin: boolean;
  permissions: Permissions;
}

export const DEMO_ROLES: readonly DemoRole[] = [
  { name: ADMINISTRATOR_ROLE, builtin: true, permissions: permissionsOnAllAreas('manage') },
  { name: 'Operator', builtin: false, permissions: permissionsOnAllAreas('manage') },
  { name: 'Viewer', builtin: false, permissions: permissionsOnAllAreas('read') },
];

export interface DemoAccount {
  email: string;
  displayName: string;
  /** The tenant's cdb_id. */
  tenant: string;
  /** The role's name. */
  role: string;
  /** What kind of user this is, for people reading the list. */
  kind: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@portal.test',
    displayName: 'Ada Admin',
    tenant: 'UZZ999999',
    role: 'Administrator',
    kind: 'built-in administrator (provider tenant UZZ999999)',
  },
  {
    email: 'provider@portal.test',
    displayName: 'Pat Provider',
    tenant: 'UZZ999999',
    role: 'Operator',
    kind: 'super-tenant user (UZZ999999), not an administrator',
  },
  {
    email: 'internal@portal.test',
    displayName: 'Ines Internal',
    tenant: 'UZZ999997',
    role: 'Operator',
    kind: 'internal user (UZZ999997)',
  },
  {
    email: 'poc@portal.test',
    displayName: 'Paul Trial',
    tenant: 'UZZ000002',
    role: 'Operator',
    kind: 'proof-of-concept user (UZZ000002)',
  },
  {
    email: 'acme@portal.test',
    displayName: 'Alex Acme',
    tenant: 'UZZ100001',
    role: 'Operator',
    kind: 'customer operator (UZZ100001, Acme Manufacturing)',
  },
  {
    email: 'globex@portal.test',
    displayName: 'Gina Globex',
    tenant: 'UZZ100002',
    role: 'Viewer',
    kind: 'customer viewer (UZZ100002, Globex Retail)',
  },
];

/** Advisory lock key held while seeding, so that servers starting together seed once. */
const SEED_LOCK_KEY = 7_420_261_122;
const SEEDED_KEY = 'demo_seeded';
const COMPUTE_SEEDED_KEY = 'demo_compute_seeded';

/**
 * Seeds the demo tenants, roles and users, the demo compute (VMs, vwseries, dseries) and every
 * area's demo data, each
 * once per database: the first run records `demo_seeded` (and `demo_compute_seeded`) in
 * app_meta, and later runs change nothing, even where the data was edited since. A database
 * seeded before compute existed gets the compute part on its next start. Returns whether it
 * seeded anything. Needs the migrations applied.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const seeded = await tx.query('select 1 from app_meta where key = $1', [SEEDED_KEY]);
    if (seeded.length > 0) return seedAreasOnce(tx);
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
    await seedAreasOnce(tx);
    await tx.query('insert into app_meta (key, value) values ($1, $2)', [
      SEEDED_KEY,
      new Date().toISOString(),
    ]);
    return true;
  });
}

/**
 * Every area's demo data, each once per database under its own app_meta marker, so that a
 * database seeded before an area existed gets that area's data on its next start. The areas whose
 * simulated platform starts from its own records come before compute; those built on the demo VMs
 * (volumes, ports, probes, licence seats, campaigns' staff) after it.
 */
const SEED_BEFORE_COMPUTE: readonly AreaSeeder[] = [seedDemoCrowdstrike, seedDemoBackup];
const SEED_AFTER_COMPUTE: readonly AreaSeeder[] = [
  seedDemoStorage,
  seedDemoNetworking,
  seedDemoMonitoring,
  (tx) => seedDemoLicense(tx),
  seedDemoPhishing,
];

/** Seeds one area's demo data if it has not been yet; answers whether it did. */
type AreaSeeder = (tx: Queryable) => Promise<boolean>;

async function seedAll(tx: Queryable, seeders: readonly AreaSeeder[]): Promise<boolean> {
  let seeded = false;
  for (const seed of seeders) seeded = (await seed(tx)) || seeded;
  return seeded;
}

async function seedAreasOnce(tx: Queryable): Promise<boolean> {
  const before = await seedAll(tx, SEED_BEFORE_COMPUTE);
  const compute = await seedComputeOnce(tx);
  return (await seedAll(tx, SEED_AFTER_COMPUTE)) || compute || before;
}

async function seedComputeOnce(tx: Queryable): Promise<boolean> {
  const seeded = await tx.query('select 1 from app_meta where key = $1', [COMPUTE_SEEDED_KEY]);
  if (seeded.length > 0) return false;
  await seedDemoCompute(tx, { service: insertDemoVwseries, server: insertDemoDseries });
  await tx.query('insert into app_meta (key, value) values ($1, $2)', [
    COMPUTE_SEEDED_KEY,
    new Date().toISOString(),
  ]);
  return true;
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
