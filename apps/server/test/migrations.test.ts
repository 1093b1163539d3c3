import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_TENANTS, seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import { MIGRATIONS } from '../src/db/migrations/index.ts';
import { openPglite } from '../src/db/pglite.ts';
import { findUserByEmail } from '../src/db/users.ts';
import { databaseKinds, pgliteTemplate, type TestDatabase } from './helpers/databases.ts';

const TABLES = [
  'app_meta',
  'audit_log',
  'backup_quota_alerts',
  'backup_tenants',
  'console_tickets',
  'dseries_items',
  'edr_detection_comments',
  'edr_detections',
  'edr_hosts',
  'edr_mssp_children',
  'edr_sensor_releases',
  'edr_subscriptions',
  'firewall_rules',
  'license_assignments',
  'license_subscriptions',
  'list_versions',
  'lxd_applied_tasks',
  'lxd_gateway',
  'lxd_instance',
  'lxd_public_address',
  'lxd_snapshot',
  'mail_phishing_campaign',
  'mail_phishing_recipient',
  'monitor_alert_deliveries',
  'monitor_incidents',
  'monitor_maintenance',
  'monitor_results',
  'monitor_webhook_secrets',
  'monitors',
  'nats',
  'network_gateways',
  'networks',
  'phishing_campaign_recipients',
  'phishing_campaigns',
  'phishing_events',
  'phishing_group_recipients',
  'phishing_groups',
  'phishing_templates',
  'prober_checks',
  'prober_probes',
  'public_addresses',
  'rate_limit_windows',
  'roles',
  'schema_migrations',
  'sim_backup_account',
  'sim_backup_allowance',
  'sim_backup_job',
  'sim_backup_machine',
  'sim_backup_point',
  'sim_edr_host',
  'sim_edr_platform',
  'sim_edr_subscription',
  'sim_firewall_rule',
  'sim_gateway',
  'sim_monitor',
  'sim_nat',
  'sim_network',
  'sim_phishing_campaign',
  'sim_phishing_recipient',
  'sim_port',
  'sim_power_event',
  'sim_public_address',
  'sim_snapshot',
  'sim_vm',
  'sim_volume',
  'simulator_applied_tasks',
  'snapshots',
  'tasks',
  'tenants',
  'users',
  'vms',
  'volumes',
  'vwseries_services',
];

describe.each(databaseKinds())('migrations and demo data on $kind', ({ open }) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await open();
  });
  afterAll(() => test?.dispose());

  it('applies every migration once to an empty database, even from two servers at once', async () => {
    const before = await test.db.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public'",
    );
    expect(before).toEqual([]);

    const other = await test.openAnother();
    const [first, second] = await Promise.all([migrate(test.db), migrate(other)]);
    expect([...first, ...second]).toEqual(MIGRATIONS.map((migration) => migration.id));

    const tables = await test.db.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by 1",
    );
    expect(tables.map((row) => row.table_name)).toEqual(TABLES);
  });

  it('does nothing when run again', async () => {
    expect(await migrate(test.db)).toEqual([]);
    const rows = await test.db.query<{ count: number }>(
      'select count(*) as count from schema_migrations',
    );
    expect(rows).toEqual([{ count: MIGRATIONS.length }]);
  });

  it('rolls a failing migration back completely', async () => {
    const broken = [
      ...MIGRATIONS,
      { id: '999_broken', sql: 'create table half_done (id int); select * from no_such_table;' },
    ];
    await expect(migrate(test.db, broken)).rejects.toThrow(/no_such_table/);
    const leftovers = await test.db.query(
      "select 1 from information_schema.tables where table_name = 'half_done'",
    );
    expect(leftovers).toEqual([]);
    expect(await migrate(test.db)).toEqual([]);
  });

  it("gives a new installation's LXD names its id, and keeps an older one's (033, ADR 045)", async () => {
    const [row] = await test.db.query<{ prefix: string; id: string }>(
      `select (select value from app_meta where key = 'lxd-name-prefix') as prefix,
              (select value from app_meta where key = 'installation') as id`,
    );
    expect(row?.prefix).toBe(`portal-${row?.id}-`);

    // A database that used LXD before the prefix existed: its projects are named portal-<tenant>,
    // and keep that name (the migration, run on it as it stood then).
    const prefixMigration = MIGRATIONS.find((migration) => migration.id === '033_lxd_name_prefix');
    await test.db.transaction(async (tx) => {
      await tx.query("delete from app_meta where key = 'lxd-name-prefix'");
      await tx.query(
        "insert into lxd_instance (vm_id, tenant_id, project, name, plan_id) values (1, 1, 'portal-uzz100001', 'web', 'p1')",
      );
      await tx.exec(prefixMigration?.sql ?? 'select 1/0');
      const [kept] = await tx.query<{ value: string }>(
        "select value from app_meta where key = 'lxd-name-prefix'",
      );
      expect(kept?.value).toBe('portal-');
      // As it was: the new installation's prefix, no LXD rows.
      await tx.query('delete from lxd_instance');
      await tx.query("update app_meta set value = $1 where key = 'lxd-name-prefix'", [row?.prefix]);
    });
  });

  it('seeds the demo data once and never over later changes', async () => {
    expect(await seedDemoData(test.db)).toBe(true);
    const tenants = await test.db.query<{ cdb_id: string; name: string; kind: string }>(
      'select cdb_id, name, kind from tenants order by id',
    );
    expect(tenants).toEqual(DEMO_TENANTS);
    const admin = await findUserByEmail(test.db, 'ADMIN@portal.test');
    expect(admin).toMatchObject({
      email: 'admin@portal.test',
      tenant: { cdb_id: 'UZZ999999', kind: 'provider' },
      role: { name: 'Administrator', builtin: true },
    });

    await test.db.query("update tenants set name = 'Acme Renamed' where cdb_id = 'UZZ100001'");
    await test.db.query("delete from users where email = 'globex@portal.test'");
    expect(await seedDemoData(test.db)).toBe(false);

    const acme = await test.db.query<{ name: string }>(
      "select name from tenants where cdb_id = 'UZZ100001'",
    );
    expect(acme).toEqual([{ name: 'Acme Renamed' }]);
    const users = await test.db.query<{ count: number }>('select count(*) as count from users');
    expect(users).toEqual([{ count: DEMO_ACCOUNTS.length - 1 }]);
  });

  it('adds the demo compute once to a database seeded before compute existed', async () => {
    const count = async () =>
      Number((await test.db.query<{ n: number }>('select count(*) as n from vms'))[0]?.n ?? 0);
    expect(await count()).toBeGreaterThan(0);
    // As a database seeded by the first version: base data only, no compute marker.
    await test.db.exec(`delete from vms; delete from vwseries_services; delete from dseries_items;
      delete from app_meta where key = 'demo_compute_seeded';`);
    expect(await seedDemoData(test.db)).toBe(true);
    const vms = await count();
    expect(vms).toBeGreaterThan(0);
    expect(await seedDemoData(test.db)).toBe(false);
    expect(await count()).toBe(vms);
  });

  it('stores e-mails in lower case only', async () => {
    await expect(
      test.db.query(
        "insert into users (email, tenant_id, role_id) select 'Mixed@Case.test', t.id, r.id from tenants t, roles r limit 1",
      ),
    ).rejects.toThrow(/check constraint/);
  });
});

describe('PGlite in a data directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps its data across a restart and does not seed twice', async () => {
    const first = await openPglite(dir, { loadDataDir: pgliteTemplate() });
    await migrate(first);
    expect(await seedDemoData(first)).toBe(true);
    await first.query("update tenants set name = 'Kept' where cdb_id = 'UZZ100002'");
    await first.close();

    const second = await openPglite(dir);
    try {
      expect(await migrate(second)).toEqual([]);
      expect(await seedDemoData(second)).toBe(false);
      const rows = await second.query<{ name: string }>(
        "select name from tenants where cdb_id = 'UZZ100002'",
      );
      expect(rows).toEqual([{ name: 'Kept' }]);
    } finally {
      await second.close();
    }
  });
});
