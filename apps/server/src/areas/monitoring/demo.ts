// Demo monitors for `npm start`: what the provider watches for Acme and Globex, with a month of
// history (the checks are worked out when first read), a weekly maintenance window, and alert
// contacts.
import type { AlertContact, MonitorType, TargetKind } from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import { listVms } from '../compute/index.ts';
import { activateMonitor, insertMonitor, insertWindow } from './repository.ts';
import { recordDemoProbe } from './drivers/simulator/index.ts';

const SEEDED_KEY = 'demo_monitoring_seeded';
const DAY_MS = 86_400_000;

interface DemoMonitor {
  name: string;
  type: MonitorType;
  targetKind: TargetKind;
  /** The address or URL; for a VM, the index of the tenant's VM. */
  target: string | number;
  port?: number;
  keyword?: string;
  tlsDays?: number;
  weeklyMaintenance?: boolean;
}

const DEMO: Record<string, { contacts: AlertContact[]; monitors: DemoMonitor[] }> = {
  UZZ100001: {
    contacts: [
      { kind: 'email', address: 'ops@acme.example' },
      { kind: 'webhook', address: 'https://hooks.acme.example/portal-alerts' },
    ],
    monitors: [
      {
        name: 'Shop front',
        type: 'http',
        targetKind: 'url',
        target: 'https://shop.acme.example/',
        keyword: 'operational',
      },
      {
        name: 'Shop certificate',
        type: 'tls',
        targetKind: 'url',
        target: 'https://shop.acme.example/',
        tlsDays: 21,
      },
      {
        name: 'ERP database port',
        type: 'tcp',
        targetKind: 'vm',
        target: 0,
        port: 5432,
        weeklyMaintenance: true,
      },
      { name: 'File server ping', type: 'ping', targetKind: 'vm', target: 1 },
      { name: 'acme.example MX', type: 'dns', targetKind: 'address', target: 'acme.example' },
    ],
  },
  UZZ100002: {
    contacts: [{ kind: 'email', address: 'it@globex.example' }],
    monitors: [
      { name: 'Web shop', type: 'http', targetKind: 'url', target: 'https://www.globex.example/' },
      {
        name: 'POS gateway',
        type: 'tcp',
        targetKind: 'address',
        target: 'pos.globex.example',
        port: 443,
      },
      { name: 'Store VM ping', type: 'ping', targetKind: 'vm', target: 0 },
    ],
  },
};

/**
 * Seeds the demo monitors once per database (recorded in app_meta), also into a database seeded
 * before monitoring existed. Returns whether it seeded anything.
 */
export async function seedDemoMonitoring(tx: Queryable): Promise<boolean> {
  const seeded = await tx.query('select 1 from app_meta where key = $1', [SEEDED_KEY]);
  if (seeded.length > 0) return false;
  const startedAt = new Date(Date.now() - 30 * DAY_MS);
  for (const [cdbId, demo] of Object.entries(DEMO)) {
    const tenant = await tx.query<{ id: number }>('select id from tenants where cdb_id = $1', [
      cdbId,
    ]);
    const tenantId = tenant[0]?.id;
    if (tenantId === undefined) continue;
    const vms = await listVms(tx, tenantId, { series: 'any' });
    for (const monitor of demo.monitors) {
      const vm = typeof monitor.target === 'number' ? vms[monitor.target] : undefined;
      if (typeof monitor.target === 'number' && !vm) continue;
      const id = await insertMonitor(tx, tenantId, {
        name: monitor.name,
        type: monitor.type,
        targetKind: monitor.targetKind,
        vmId: vm?.id ?? null,
        target: vm?.displayName ?? String(monitor.target),
        port: monitor.port ?? null,
        expectedStatus: monitor.type === 'http' ? 200 : null,
        keyword: monitor.keyword ?? null,
        dnsRecordType: monitor.type === 'dns' ? 'MX' : null,
        tlsDaysThreshold: monitor.tlsDays ?? null,
        intervalSeconds: 300,
        timeoutSeconds: 10,
        retries: 1,
        contacts: demo.contacts,
      });
      await tx.query('update monitors set created_at = $2 where id = $1', [id, startedAt]);
      await recordDemoProbe(tx, id, startedAt, monitor.tlsDays ?? null);
      await activateMonitor(tx, id, startedAt);
      if (monitor.weeklyMaintenance)
        await insertWindow(tx, id, {
          name: 'Sunday patching',
          kind: 'weekly',
          days: [0],
          start_time: '02:00',
          duration_minutes: 120,
        });
    }
  }
  await tx.query('insert into app_meta (key, value) values ($1, $2)', [
    SEEDED_KEY,
    new Date().toISOString(),
  ]);
  return true;
}
