import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../../scripts/lib/mail-catcher.mjs';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import { testApp, testConfig } from './helpers/app.ts';
import { FAST } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { bearer, signIn } from './helpers/identity.ts';

const TRACKING = 'http://links.test';
/** What a recipient types into the landing page: it must never be kept anywhere. */
const SECRET = 'Sup3r-Secret-Typed-Value-4711';
const LINK = /http:\/\/links\.test\/t\/([\w-]+)\/([\w-]+)/;
/** What no public reply may show: the tenant, its people, its campaigns. */
const TENANT_DATA = [/acme/i, /UZZ\d{6}/, /Mail test/, /ada@/, /cy@/, /Ada/];

interface Link {
  key: string;
  token: string;
}

describe.each(databaseKinds())('phishing by real mail on $kind', ({ open }) => {
  let test: TestDatabase;
  let catcher: MailCatcher;
  let app: FastifyInstance;
  let logs = '';
  let token = '';
  let campaignA = 0;
  let campaignB = 0;
  let linkA: Link;
  let linkB: Link;

  const api = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(token),
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const track = (method: 'GET' | 'POST', url: string, payload?: string) =>
    app.inject({
      method,
      url,
      ...(payload === undefined
        ? {}
        : { payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    });
  const waitTask = async (taskId: number) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const data = (await api('GET', `/services/task/${taskId}`)).json<{
        data: { state: string; message: string };
      }>().data;
      if (data.state === 'SUCCESS' || data.state === 'FAILURE') return data;
      if (Date.now() > deadline) throw new Error(`task ${taskId} still ${data.state}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const recipient = async (campaign: number, email: string) => {
    const results = (await api('GET', `/services/phishing/campaigns/${campaign}/results`)).json<{
      data: { recipients: Array<Record<string, string | null>> };
    }>().data;
    return results.recipients.find((r) => r.email === email);
  };
  /** Creates a group and a campaign, launches it, and reads the link in the e-mail. */
  async function launched(name: string, email: string): Promise<{ id: number; link: Link }> {
    const templates = (await api('GET', '/services/phishing/templates')).json<{
      data: Array<{ id: number; kind: string; name: string }>;
    }>().data;
    const group = await api('POST', '/services/phishing/groups', {
      name: `${name} group`,
      csv: `email,first_name,last_name,department\n${email},${email === 'ada@acme.example' ? 'Ada' : 'Cy'},L,IT\n`,
    });
    const created = await api('POST', '/services/phishing/campaigns', {
      name,
      template_id: templates.find((t) => t.name === 'Password expiry notice')?.id,
      landing_page_id: templates.find((t) => t.name === 'Sign-in page')?.id,
      group_id: group.json<{ data: { group: { id: number } } }>().data.group.id,
    });
    const id = created.json<{ data: { id: number } }>().data.id;
    const launch = await api('POST', `/services/phishing/campaigns/${id}/launch`);
    expect(await waitTask(launch.json<{ data: { task_id: number } }>().data.task_id)).toMatchObject(
      { state: 'SUCCESS' },
    );
    const mail = await catcher.waitForMessage({ to: email }, { timeoutMs: 15_000 });
    const match = LINK.exec(mail.text);
    if (!match?.[1] || !match[2]) throw new Error(`no link in: ${mail.text}`);
    return { id, link: { key: match[1], token: match[2] } };
  }
  const expectNoTenantData = (reply: LightMyRequestResponse) => {
    for (const pattern of TENANT_DATA) expect(reply.body).not.toMatch(pattern);
    for (const value of Object.values(reply.headers)) {
      for (const pattern of TENANT_DATA) expect(String(value)).not.toMatch(pattern);
    }
  };

  beforeAll(async () => {
    test = await open();
    catcher = await startMailCatcher();
    await migrate(test.db);
    await seedDemoData(test.db);
    app = await testApp(test.db, {
      config: testConfig({
        ...FAST,
        LOG_LEVEL: 'trace',
        SMTP_URL: catcher.smtpUrl,
        PHISHING_TRACKING_URL: TRACKING,
      }),
      logStream: { write: (line) => void (logs += line) },
    });
    await app.ready();
    token = await signIn('acme@portal.test', DEMO_PASSWORD);
    ({ id: campaignA, link: linkA } = await launched('Mail test A', 'ada@acme.example'));
    ({ id: campaignB, link: linkB } = await launched('Mail test B', 'cy@acme.example'));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await catcher?.stop();
    await test?.dispose();
  });

  it('sends each recipient their message through the relay, with their own link', async () => {
    const [mail] = catcher.messages({ to: 'ada@acme.example' });
    expect(mail).toMatchObject({
      from: 'service-desk@portal.test',
      subject: 'Your password expires today',
    });
    expect(mail?.text).toContain('Hello Ada,');
    expect(mail?.html).toContain(`${TRACKING}/t/${linkA.key}/${linkA.token}/open.gif`);
    expect(linkA.token).toHaveLength(32); // 24 random bytes: 192 bits
    expect(linkA.key).not.toBe(linkB.key);
    expect(await recipient(campaignA, 'ada@acme.example')).toMatchObject({
      sent_at: expect.any(String),
      opened_at: null,
    });
    // Only the token's hash is kept.
    const stored = await test.db.query<{ n: number }>(
      `select count(*)::integer as n from mail_phishing_recipient
        where token_hash = sha256(convert_to($1, 'UTF8'))`,
      [linkA.token],
    );
    expect(stored[0]?.n).toBe(1);
  });

  it('counts an open, a click, a submission and a report, keeping nothing typed', async () => {
    const base = `/t/${linkA.key}/${linkA.token}`;
    const pixel = await track('GET', `${base}/open.gif`);
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');

    const click = await track('GET', base);
    expect(click.statusCode).toBe(303);
    expect(click.headers.location).toBe(`${linkA.token}/page`);
    expectNoTenantData(click);

    const landing = await track('GET', `${base}/page`);
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['content-security-policy']).toContain('sandbox allow-forms');
    expect(landing.headers['content-security-policy']).toContain("default-src 'none'");
    expect(landing.headers['content-security-policy']).toContain(`form-action ${TRACKING}`);
    expect(landing.body).toContain(`<form method="post" action="${TRACKING}${base}/page">`);
    expectNoTenantData(landing);

    const submitted = await track(
      'POST',
      `${base}/page`,
      `email=ada%40acme.example&password=${SECRET}`,
    );
    expect(submitted.statusCode).toBe(200);
    expect(submitted.body).toContain('Nothing you typed was kept.');
    expectNoTenantData(submitted);

    const report = await track('GET', `${base}/report`);
    expect(report.statusCode).toBe(200);
    expectNoTenantData(report);

    expect(await recipient(campaignA, 'ada@acme.example')).toMatchObject({
      opened_at: expect.any(String),
      clicked_at: expect.any(String),
      submitted_at: expect.any(String),
      reported_at: expect.any(String),
    });
    const campaign = (await api('GET', `/services/phishing/campaigns/${campaignA}`)).json<{
      data: { counts: Record<string, number> };
    }>().data;
    expect(campaign.counts).toMatchObject({ sent: 1, opened: 1, clicked: 1, submitted: 1 });
    const stats = (await api('GET', '/services/phishing/stats')).json<{
      data: { median_seconds_to_report: number | null };
    }>().data;
    expect(stats.median_seconds_to_report).not.toBeNull();

    // Neither the database nor the log holds what was typed.
    const tables = await test.db.query<{ table_name: string }>(
      `select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(20);
    for (const { table_name } of tables) {
      const rows = await test.db.query<{ n: number }>(
        `select count(*)::integer as n from "${table_name}" t where to_jsonb(t)::text like $1`,
        [`%${SECRET}%`],
      );
      expect({ table_name, n: rows[0]?.n }).toEqual({ table_name, n: 0 });
    }
    expect(logs).toContain(`${base}/page`); // the request was logged at trace level…
    expect(logs).not.toContain(SECRET); // …and what it carried was not
  });

  it('answers bad links with a sentence or the neutral page, recording nothing', async () => {
    const malformed = await track('GET', `/t/${linkA.key}/not-a-token`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      field: 'token',
      message: 'token: is not a link token',
    });
    const badKey = await track('GET', `/t/short/${linkA.token}`);
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json()).toMatchObject({ field: 'key' });

    const unknown = await track('GET', `/t/${linkA.key}/${'A'.repeat(32)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This link is not active.');
    expectNoTenantData(unknown);

    // Campaign A's key with campaign B's token: bound to one recipient of one campaign.
    const crossed = await track('GET', `/t/${linkA.key}/${linkB.token}`);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.body).toBe(unknown.body);
    const crossedSubmit = await track('POST', `/t/${linkA.key}/${linkB.token}/page`, 'a=b');
    expect(crossedSubmit.statusCode).toBe(404);
    expect(await recipient(campaignB, 'cy@acme.example')).toMatchObject({
      clicked_at: null,
      submitted_at: null,
    });
  });

  it('shows the neutral page once the campaign has ended', async () => {
    const end = await api('POST', `/services/phishing/campaigns/${campaignB}/end`);
    expect(await waitTask(end.json<{ data: { task_id: number } }>().data.task_id)).toMatchObject({
      state: 'SUCCESS',
    });
    const base = `/t/${linkB.key}/${linkB.token}`;
    for (const [method, url] of [
      ['GET', base],
      ['GET', `${base}/page`],
      ['POST', `${base}/page`],
      ['GET', `${base}/report`],
    ] as const) {
      const reply = await track(method, url, method === 'POST' ? 'password=x' : undefined);
      expect(reply.statusCode).toBe(410);
      expect(reply.body).toContain('This link is not active.');
      expectNoTenantData(reply);
    }
    expect(await recipient(campaignB, 'cy@acme.example')).toMatchObject({
      clicked_at: null,
      submitted_at: null,
      reported_at: null,
    });
  });

  it('limits how often an address may call the tracking routes', async () => {
    const limited = await testApp(test.db, {
      config: testConfig({ PHISHING_TRACKING_PER_MINUTE: '3', PHISHING_TRACKING_URL: TRACKING }),
    });
    try {
      const url = `/t/${linkA.key}/${'B'.repeat(32)}`;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await limited.inject(url)).statusCode);
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
