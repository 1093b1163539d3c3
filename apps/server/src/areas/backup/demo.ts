// Demo backup tenants for `npm start`: Acme and Globex have a month of jobs behind them (the
// platform runs the missed scheduled jobs the first time the portal asks).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { BACKUP_LOCATIONS, DEFAULT_RETENTION, type BackupProduct } from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import { insertBackup, replaceAlerts } from './repository.ts';
import { insertDemoAccount } from './drivers/simulator/index.ts';

const SEEDED_KEY = 'demo_backup_seeded';
const DAY_MS = 86_400_000;

interface DemoBackup {
  tenant: string;
  name: string;
  location: (typeof BACKUP_LOCATIONS)[number]['location'];
  product: BackupProduct;
  quotaGb: number;
  daysAgo: number;
  enabled: boolean;
  alertPercent?: number;
}

const DEMO_BACKUPS: readonly DemoBackup[] = [
  {
    tenant: 'UZZ100001',
    name: 'acme-production',
    location: 'TYO1',
    product: 'Veeam Cloud Connect',
    quotaGb: 2000,
    daysAgo: 30,
    enabled: true,
    alertPercent: 70,
  },
  {
    tenant: 'UZZ100001',
    name: 'acme-office',
    location: 'OSA1',
    product: 'Acronis Cyber Protect Cloud',
    quotaGb: 400,
    daysAgo: 21,
    enabled: true,
  },
  {
    tenant: 'UZZ100001',
    name: 'acme-archive',
    location: 'SIN1',
    product: 'Veeam Cloud Connect',
    quotaGb: 1000,
    daysAgo: 14,
    enabled: false,
  },
  {
    tenant: 'UZZ100002',
    name: 'globex-stores',
    location: 'TYO1',
    product: 'Acronis Cyber Protect Cloud',
    quotaGb: 800,
    daysAgo: 25,
    enabled: true,
  },
];

/** Seeds the demo backup tenants once per database; answers whether it did. */
export async function seedDemoBackup(tx: Queryable): Promise<boolean> {
  const seeded = await tx.query('select 1 from app_meta where key = $1', [SEEDED_KEY]);
  if (seeded.length > 0) return false;
  const tenants = await tx.query<{ id: number; cdb_id: string }>('select id, cdb_id from tenants');
  const idOf = new Map(tenants.map((tenant) => [tenant.cdb_id, tenant.id]));
  for (const demo of DEMO_BACKUPS) {
    const tenantId = idOf.get(demo.tenant);
    const site = BACKUP_LOCATIONS.find((entry) => entry.location === demo.location);
    if (tenantId === undefined || !site) continue;
    const uuid = randomUUID();
    const createdAt = new Date(Date.now() - demo.daysAgo * DAY_MS);
    const id = await insertBackup(tx, tenantId, {
      uuid,
      name: demo.name,
      location: site.location,
      repository: site.repository,
      product: demo.product,
      quotaGb: demo.quotaGb,
      warningPercent: 80,
      retention: DEFAULT_RETENTION,
      agentAccount: `${demo.tenant.toLowerCase()}-bk-${uuid.slice(0, 8)}`,
      agentSecretHash: createHash('sha256').update(randomBytes(24)).digest('hex'),
      state: demo.enabled ? 'active' : 'disabled',
      createdAt,
    });
    await insertDemoAccount(tx, tenantId, id, {
      name: demo.name,
      product: demo.product,
      location: site.location,
      quotaGb: demo.quotaGb,
      retention: DEFAULT_RETENTION,
      createdAt,
      enabled: demo.enabled,
    });
    if (demo.alertPercent)
      await replaceAlerts(tx, tenantId, id, [{ kind: 'percent', value: demo.alertPercent }]);
  }
  // The proof-of-concept tenant may allocate less.
  const poc = idOf.get('UZZ000002');
  if (poc !== undefined)
    await tx.query(
      `insert into sim_backup_allowance (tenant_id, gb) values ($1, 500)
       on conflict (tenant_id) do nothing`,
      [poc],
    );
  await tx.query('insert into app_meta (key, value) values ($1, $2)', [
    SEEDED_KEY,
    new Date().toISOString(),
  ]);
  return true;
}
