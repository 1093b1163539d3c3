// Demo licences for `npm start`: subscriptions for the two customer tenants, their terms placed
// around the day they are seeded, so some are running, some end within 30 days, one has ended.
import type { LicenseProduct } from '@portal/api/contract';
import { dayNumber, dayText, utcDay } from '@portal/api/domain';
import type { Queryable } from '../../db/database.ts';
import { insertSubscription } from './repository.ts';

const LICENSE_SEEDED_KEY = 'demo_license_seeded';

interface DemoSubscription {
  product: LicenseProduct;
  seats: number;
  /** The term's last day, in days from the seeding day (negative: ended). */
  endsIn: number;
  /** The term's length in days. */
  length: number;
  autoRenew: boolean;
}

const YEAR = 365;

const DEMO_LICENSES: Record<string, DemoSubscription[]> = {
  UZZ100001: [
    { product: 'windows-server-datacenter', seats: 4, endsIn: 199, length: YEAR, autoRenew: true },
    { product: 'windows-server-datacenter', seats: 2, endsIn: 18, length: YEAR, autoRenew: false },
    { product: 'sql-server-standard', seats: 2, endsIn: 120, length: YEAR, autoRenew: false },
    { product: 'rhel', seats: 5, endsIn: -12, length: YEAR, autoRenew: false },
    { product: 'backup-agent', seats: 10, endsIn: 240, length: YEAR, autoRenew: true },
    { product: 'endpoint-security', seats: 25, endsIn: 9, length: YEAR, autoRenew: true },
  ],
  UZZ100002: [
    { product: 'windows-server-datacenter', seats: 1, endsIn: 300, length: YEAR, autoRenew: true },
    { product: 'rhel', seats: 2, endsIn: 25, length: 2 * YEAR, autoRenew: false },
    { product: 'backup-agent', seats: 5, endsIn: 45, length: YEAR, autoRenew: false },
    { product: 'endpoint-security', seats: 10, endsIn: 150, length: YEAR, autoRenew: true },
  ],
};

/**
 * Seeds the demo subscriptions once per database (recorded as `demo_license_seeded` in app_meta),
 * inside seedDemoData's transaction, after the tenants. Returns whether it seeded anything.
 */
export async function seedDemoLicense(tx: Queryable, now = new Date()): Promise<boolean> {
  const seeded = await tx.query('select 1 from app_meta where key = $1', [LICENSE_SEEDED_KEY]);
  if (seeded.length > 0) return false;
  const today = dayNumber(utcDay(now));
  for (const [cdbId, subscriptions] of Object.entries(DEMO_LICENSES)) {
    const tenant = await tx.query<{ id: number }>('select id from tenants where cdb_id = $1', [
      cdbId,
    ]);
    const tenantId = tenant[0]?.id;
    if (tenantId === undefined) continue;
    let index = 0;
    for (const each of subscriptions) {
      index += 1;
      const end = today + each.endsIn;
      await insertSubscription(tx, tenantId, {
        product: each.product,
        reference: `LIC-${cdbId.slice(3)}-${String(index).padStart(2, '0')}`,
        seats: each.seats,
        term_start: dayText(end - each.length + 1),
        term_end: dayText(end),
        auto_renew: each.autoRenew,
      });
    }
  }
  await tx.query('insert into app_meta (key, value) values ($1, $2)', [
    LICENSE_SEEDED_KEY,
    now.toISOString(),
  ]);
  return true;
}
