// Demo phishing campaigns for `npm start`: Acme has a history of finished campaigns, one running
// and one draft; Globex one finished campaign. Seeded once per database (app_meta key).
import type { Queryable } from '../../db/database.ts';
import { insertCampaign, insertGroup, lockCampaign, recordLaunch } from './repository.ts';
import { seedSimulatedCampaign } from './drivers/simulator/index.ts';

const SEEDED_KEY = 'demo_phishing_seeded';
const DAY = 24 * 60 * 60_000;
const MINUTE = 60_000;

const FIRST = ['Ana', 'Ben', 'Carla', 'Dev', 'Elif', 'Femi', 'Greta', 'Hugo', 'Ines', 'Jon'];
const LAST = ['Berg', 'Costa', 'Dahl', 'Evans', 'Fox', 'Gray'];
const DEPARTMENTS = ['Finance', 'Sales', 'Engineering', 'Operations', 'HR'];

const people = (domain: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const first = FIRST[i % FIRST.length] ?? 'Sam';
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length] ?? 'Lee';
    return {
      email: `${first}.${last}${i >= FIRST.length * LAST.length ? i : ''}@${domain}`.toLowerCase(),
      first_name: first,
      last_name: last,
      department: DEPARTMENTS[i % DEPARTMENTS.length] ?? 'Operations',
    };
  });

interface DemoCampaign {
  name: string;
  template: string;
  landing: string;
  /** Minutes before seeding that sending started; null: a draft. */
  startedMinutesAgo: number | null;
  /** Minutes sending was spread over. */
  spreadMinutes: number;
}

const DEMO: Record<string, { domain: string; count: number; campaigns: DemoCampaign[] }> = {
  UZZ100001: {
    domain: 'acme.example',
    count: 24,
    campaigns: [
      {
        name: 'Password expiry (Q1)',
        template: 'Password expiry notice',
        landing: 'Sign-in page',
        startedMinutesAgo: (90 * DAY) / MINUTE,
        spreadMinutes: 120,
      },
      {
        name: 'Shared budget file (Q2)',
        template: 'Shared document',
        landing: 'Sign-in page',
        startedMinutesAgo: (45 * DAY) / MINUTE,
        spreadMinutes: 240,
      },
      {
        name: 'Parcel redelivery (Q3)',
        template: 'Parcel held at depot',
        landing: 'Training: you clicked a simulated phishing link',
        startedMinutesAgo: (10 * DAY) / MINUTE,
        spreadMinutes: 60,
      },
      {
        name: 'Password expiry (Q4)',
        template: 'Password expiry notice',
        landing: 'Training: you clicked a simulated phishing link',
        startedMinutesAgo: 3,
        spreadMinutes: 15,
      },
      {
        name: 'Shared budget file (next)',
        template: 'Shared document',
        landing: 'Sign-in page',
        startedMinutesAgo: null,
        spreadMinutes: 0,
      },
    ],
  },
  UZZ100002: {
    domain: 'globex.example',
    count: 12,
    campaigns: [
      {
        name: 'Parcel redelivery',
        template: 'Parcel held at depot',
        landing: 'Sign-in page',
        startedMinutesAgo: (20 * DAY) / MINUTE,
        spreadMinutes: 30,
      },
    ],
  },
};

const builtinId = async (tx: Queryable, name: string) => {
  const rows = await tx.query<{ id: number }>(
    'select id from phishing_templates where tenant_id is null and name = $1',
    [name],
  );
  const row = rows[0];
  if (!row) throw new Error(`no built-in phishing template ${name}`);
  return row.id;
};

/** Seeds the demo campaigns once per database; returns whether it seeded anything. */
export async function seedDemoPhishing(tx: Queryable): Promise<boolean> {
  if ((await tx.query('select 1 from app_meta where key = $1', [SEEDED_KEY])).length > 0)
    return false;
  const now = Date.now();
  for (const [cdbId, demo] of Object.entries(DEMO)) {
    const tenant = await tx.query<{ id: number }>('select id from tenants where cdb_id = $1', [
      cdbId,
    ]);
    const tenantId = tenant[0]?.id;
    if (tenantId === undefined) continue;
    const recipients = people(demo.domain, demo.count);
    const groupId = await insertGroup(tx, tenantId, 'All staff', recipients);
    for (const campaign of demo.campaigns) {
      const start =
        campaign.startedMinutesAgo === null ? null : now - campaign.startedMinutesAgo * MINUTE;
      const id = await insertCampaign(tx, tenantId, {
        name: campaign.name,
        templateId: await builtinId(tx, campaign.template),
        landingPageId: await builtinId(tx, campaign.landing),
        groupId,
        launchAt: start === null ? null : new Date(start).toISOString(),
        sendBy:
          start === null ? null : new Date(start + campaign.spreadMinutes * MINUTE).toISOString(),
      });
      if (start === null) continue;
      await seedSimulatedCampaign(
        tx,
        {
          campaignId: id,
          tenantId,
          startAt: new Date(start),
          sendBy: new Date(start + campaign.spreadMinutes * MINUTE),
        },
        recipients.map((recipient) => recipient.email),
      );
      const row = await lockCampaign(tx, tenantId, id);
      if (row) await recordLaunch(tx, row, new Date(start).toISOString());
    }
  }
  await tx.query('insert into app_meta (key, value) values ($1, $2)', [
    SEEDED_KEY,
    new Date().toISOString(),
  ]);
  return true;
}
