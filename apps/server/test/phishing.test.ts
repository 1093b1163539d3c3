import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { computeFixture, type ComputeFixture } from './helpers/compute.ts';

interface Ids {
  /** A draft campaign of acme's, made for the launch call. */
  draft: number;
  /** acme's demo campaign that is running (sending spread over 15 minutes). */
  running: number;
  group: number;
  /** acme's own template. */
  template: number;
  builtinEmail: number;
  builtinLanding: number;
  /** Made to be deleted by the route matrix: a draft, a template of acme's own, a group. */
  doomedDraft: number;
  doomedTemplate: number;
  doomedGroup: number;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface RouteCase {
  name: string;
  method: Method;
  url: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  ok: number;
  /** A bad input and the field the 400 must name (routes that take input). */
  bad?: { url?: (ids: Ids) => string; body?: unknown; field: string };
  /** Addresses one of acme's resources: another tenant gets 404. */
  foreign: boolean;
  /** Where another tenant is refused, when the good call deletes what `url` names. */
  foreignUrl?: (ids: Ids) => string;
  manage: boolean;
}

const CSV =
  'email,first_name,last_name,department\nada@acme.example,Ada,L,IT\nnot-an-address,Bo,B,IT\n';

const campaignBody = (ids: Ids) => ({
  name: 'Matrix campaign',
  template_id: ids.builtinEmail,
  landing_page_id: ids.builtinLanding,
  group_id: ids.group,
});

const CASES: RouteCase[] = [
  {
    name: 'GET campaigns',
    method: 'GET',
    url: () => '/services/phishing/campaigns',
    ok: 200,
    foreign: false,
    manage: false,
  },
  {
    name: 'POST campaigns',
    method: 'POST',
    url: () => '/services/phishing/campaigns',
    body: campaignBody,
    ok: 201,
    bad: {
      body: { name: 'x', template_id: 0, landing_page_id: 1, group_id: 1 },
      field: 'template_id',
    },
    foreign: false,
    manage: true,
  },
  {
    name: 'GET campaigns/{id}',
    method: 'GET',
    url: (ids) => `/services/phishing/campaigns/${ids.running}`,
    ok: 200,
    bad: { url: () => '/services/phishing/campaigns/abc', field: 'id' },
    foreign: true,
    manage: false,
  },
  {
    name: 'GET campaigns/{id}/results',
    method: 'GET',
    url: (ids) => `/services/phishing/campaigns/${ids.running}/results`,
    ok: 200,
    bad: { url: () => '/services/phishing/campaigns/0/results', field: 'id' },
    foreign: true,
    manage: false,
  },
  {
    name: 'POST campaigns/{id}/launch',
    method: 'POST',
    url: (ids) => `/services/phishing/campaigns/${ids.draft}/launch`,
    ok: 202,
    bad: { url: () => '/services/phishing/campaigns/1.5/launch', field: 'id' },
    foreign: true,
    manage: true,
  },
  {
    name: 'POST campaigns/{id}/recipients',
    method: 'POST',
    url: (ids) => `/services/phishing/campaigns/${ids.running}/recipients`,
    body: () => ({ recipients: [{ email: 'new.hire@acme.example', first_name: 'New' }] }),
    ok: 202,
    bad: { body: { recipients: [{ email: 'nope' }] }, field: 'recipients.0.email' },
    foreign: true,
    manage: true,
  },
  {
    name: 'POST campaigns/{id}/end',
    method: 'POST',
    url: (ids) => `/services/phishing/campaigns/${ids.running}/end`,
    ok: 202,
    bad: { url: () => '/services/phishing/campaigns/x/end', field: 'id' },
    foreign: true,
    manage: true,
  },
  {
    name: 'GET stats',
    method: 'GET',
    url: () => '/services/phishing/stats',
    ok: 200,
    foreign: false,
    manage: false,
  },
  {
    name: 'GET offenders',
    method: 'GET',
    url: () => '/services/phishing/offenders',
    ok: 200,
    bad: { url: () => '/services/phishing/offenders?min_campaigns=none', field: 'min_campaigns' },
    foreign: false,
    manage: false,
  },
  {
    name: 'GET templates',
    method: 'GET',
    url: () => '/services/phishing/templates',
    ok: 200,
    foreign: false,
    manage: false,
  },
  {
    name: 'GET templates/{id}',
    method: 'GET',
    url: (ids) => `/services/phishing/templates/${ids.template}`,
    ok: 200,
    bad: { url: () => '/services/phishing/templates/abc', field: 'id' },
    foreign: true,
    manage: false,
  },
  {
    name: 'POST templates',
    method: 'POST',
    url: () => '/services/phishing/templates',
    body: () => ({ kind: 'landing', name: 'Our page', content: '<p>Hi</p>' }),
    ok: 201,
    bad: { body: { kind: 'sms', name: 'x', content: 'x' }, field: 'kind' },
    foreign: false,
    manage: true,
  },
  {
    name: 'GET groups',
    method: 'GET',
    url: () => '/services/phishing/groups',
    ok: 200,
    foreign: false,
    manage: false,
  },
  {
    name: 'GET groups/{id}',
    method: 'GET',
    url: (ids) => `/services/phishing/groups/${ids.group}`,
    ok: 200,
    bad: { url: () => '/services/phishing/groups/abc', field: 'id' },
    foreign: true,
    manage: false,
  },
  {
    name: 'POST groups/preview',
    method: 'POST',
    url: () => '/services/phishing/groups/preview',
    body: () => ({ csv: CSV }),
    ok: 200,
    bad: { body: { csv: 'name,email\nx,y' }, field: 'csv' },
    foreign: false,
    manage: true,
  },
  {
    name: 'POST groups',
    method: 'POST',
    url: () => '/services/phishing/groups',
    body: () => ({ name: 'Matrix group', csv: CSV }),
    ok: 201,
    bad: { body: { name: '', csv: CSV }, field: 'name' },
    foreign: false,
    manage: true,
  },
  {
    name: 'PATCH campaigns/{id}',
    method: 'PATCH',
    url: (ids) => `/services/phishing/campaigns/${ids.doomedDraft}`,
    body: () => ({ name: 'Matrix campaign, renamed' }),
    ok: 200,
    bad: { body: { group_id: 0 }, field: 'group_id' },
    foreign: true,
    manage: true,
  },
  {
    name: 'DELETE campaigns/{id}',
    method: 'DELETE',
    url: (ids) => `/services/phishing/campaigns/${ids.doomedDraft}`,
    ok: 202,
    bad: { url: () => '/services/phishing/campaigns/abc', field: 'id' },
    foreign: true,
    foreignUrl: (ids) => `/services/phishing/campaigns/${ids.running}`,
    manage: true,
  },
  {
    name: 'PATCH templates/{id}',
    method: 'PATCH',
    url: (ids) => `/services/phishing/templates/${ids.doomedTemplate}`,
    body: () => ({ name: 'Own, renamed', content: '<p>y</p>' }),
    ok: 200,
    bad: { body: { content: '' }, field: 'content' },
    foreign: true,
    manage: true,
  },
  {
    name: 'DELETE templates/{id}',
    method: 'DELETE',
    url: (ids) => `/services/phishing/templates/${ids.doomedTemplate}`,
    ok: 204,
    bad: { url: () => '/services/phishing/templates/0', field: 'id' },
    foreign: true,
    foreignUrl: (ids) => `/services/phishing/templates/${ids.template}`,
    manage: true,
  },
  {
    name: 'PATCH groups/{id}',
    method: 'PATCH',
    url: (ids) => `/services/phishing/groups/${ids.doomedGroup}`,
    body: () => ({ name: 'Matrix group, renamed', csv: CSV }),
    ok: 200,
    bad: { body: { name: ' ' }, field: 'name' },
    foreign: true,
    manage: true,
  },
  {
    name: 'DELETE groups/{id}',
    method: 'DELETE',
    url: (ids) => `/services/phishing/groups/${ids.doomedGroup}`,
    ok: 204,
    bad: { url: () => '/services/phishing/groups/x', field: 'id' },
    foreign: true,
    foreignUrl: (ids) => `/services/phishing/groups/${ids.group}`,
    manage: true,
  },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databaseKinds())('phishing routes on $kind', ({ open }) => {
  let test: TestDatabase;
  let fx: ComputeFixture;
  const ids = {} as Ids;

  beforeAll(async () => {
    test = await open();
    fx = await computeFixture(test);
    const campaigns = (await fx.call('acme', 'GET', '/services/phishing/campaigns')).json<{
      data: { id: number; name: string; state: string; group: { id: number } }[];
    }>().data;
    const running = campaigns.find((c) => c.state === 'running');
    if (!running) throw new Error('no running demo campaign');
    ids.running = running.id;
    ids.group = running.group.id;
    const templates = (await fx.call('acme', 'GET', '/services/phishing/templates')).json<{
      data: { id: number; kind: string; builtin: boolean }[];
    }>().data;
    ids.builtinEmail = templates.find((t) => t.kind === 'email')?.id ?? 0;
    ids.builtinLanding = templates.find((t) => t.kind === 'landing')?.id ?? 0;
    const own = await fx.call('acme', 'POST', '/services/phishing/templates', {
      kind: 'email',
      name: 'Own',
      subject: 'Hi',
      content: '<p>x</p>',
    });
    ids.template = own.json<{ data: { id: number } }>().data.id;
    const draft = await fx.call('acme', 'POST', '/services/phishing/campaigns', campaignBody(ids));
    ids.draft = draft.json<{ data: { id: number } }>().data.id;
    const doomed = await fx.call('acme', 'POST', '/services/phishing/templates', {
      kind: 'email',
      name: 'Doomed',
      subject: 'Hi',
      content: '<p>x</p>',
    });
    ids.doomedTemplate = doomed.json<{ data: { id: number } }>().data.id;
    const group = await fx.call('acme', 'POST', '/services/phishing/groups', {
      name: 'Doomed group',
      csv: CSV,
    });
    ids.doomedGroup = group.json<{ data: { group: { id: number } } }>().data.group.id;
    const doomedDraft = await fx.call('acme', 'POST', '/services/phishing/campaigns', {
      ...campaignBody(ids),
      name: 'Doomed draft',
    });
    ids.doomedDraft = doomedDraft.json<{ data: { id: number } }>().data.id;
  });
  afterAll(async () => {
    await fx?.close();
    await test?.dispose();
  });

  describe.each(CASES)('$name', (route) => {
    it('answers a good call', async () => {
      const reply = await fx.call('acme', route.method, route.url(ids), route.body?.(ids));
      expect(reply.statusCode, reply.body).toBe(route.ok);
      if (route.ok === 204) {
        expect(reply.body).toBe('');
        return;
      }
      expect(reply.json()).not.toHaveProperty('message');
      const data = reply.json<{ data: unknown }>().data;
      if (route.ok === 202) {
        const taskId = (data as { task_id: number }).task_id;
        expect(await fx.waitTask('acme', taskId)).toMatchObject({ state: 'SUCCESS' });
      } else expect(data).toBeTruthy();
    });

    it('answers 401 without a token', async () => {
      const reply = await fx.call(null, route.method, route.url(ids), route.body?.(ids));
      expect(reply.statusCode).toBe(401);
    });
  });

  // Only the routes each check applies to, so no test is skipped.
  describe.each(CASES.flatMap((route) => (route.bad ? [{ ...route, bad: route.bad }] : [])))(
    '$name with a bad input',
    (route) => {
      it('refuses it with 400 naming the field', async () => {
        const bad = route.bad;
        const reply = await fx.call(
          'acme',
          route.method,
          bad.url?.(ids) ?? route.url(ids),
          bad.body ?? route.body?.(ids),
        );
        expect(reply.json()).toMatchObject({ field: bad.field });
        expect(reply.statusCode).toBe(400);
        expect(reply.json<{ message: string }>().message).toMatch(
          new RegExp(`^${bad.field.replace(/\./g, '\\.')}: `),
        );
      });
    },
  );

  describe.each(CASES.filter((route) => route.foreign))('$name of another tenant', (route) => {
    it("answers 404 for another tenant's resource", async () => {
      const url = (route.foreignUrl ?? route.url)(ids);
      const reply = await fx.call('poc', route.method, url, route.body?.(ids));
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ message: expect.any(String) });
    });
  });

  describe.each(CASES.filter((route) => route.manage))('$name by a viewer', (route) => {
    it('refuses it with 403', async () => {
      const url = (route.foreignUrl ?? route.url)(ids);
      const reply = await fx.call('globex', route.method, url, route.body?.(ids));
      expect(reply.statusCode).toBe(403);
    });
  });

  it('reports which CSV rows are bad and why, and imports the others', async () => {
    const preview = await fx.call('acme', 'POST', '/services/phishing/groups/preview', {
      csv: CSV,
    });
    expect(preview.json()).toMatchObject({
      data: {
        valid: 1,
        invalid: 1,
        rows: [
          { line: 2, email: 'ada@acme.example', error: null },
          { line: 3, error: 'not-an-address is not an e-mail address.' },
        ],
      },
    });
    const created = await fx.call('acme', 'POST', '/services/phishing/groups', {
      name: 'Two rows',
      csv: CSV,
    });
    expect(created.json()).toMatchObject({ data: { group: { recipient_count: 1 }, skipped: 1 } });
  });

  it('launches a campaign whose results arrive, and which finishes by itself', async () => {
    const created = await fx.call('acme', 'POST', '/services/phishing/campaigns', {
      ...campaignBody(ids),
      name: 'Arriving results',
    });
    const id = created.json<{ data: { id: number; state: string } }>().data.id;
    expect(created.json()).toMatchObject({ data: { state: 'draft', counts: { sent: 0 } } });
    const launch = await fx.call('acme', 'POST', `/services/phishing/campaigns/${id}/launch`);
    const task = launch.json<{ data: { task_id: number } }>().data.task_id;
    expect(await fx.waitTask('acme', task)).toEqual({
      state: 'SUCCESS',
      message: 'The campaign Arriving results is running.',
    });
    const again = await fx.call('acme', 'POST', `/services/phishing/campaigns/${id}/launch`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Only a draft campaign can be launched.' });
    // At test speed every recipient's behaviour plays out within 1.2 s.
    await sleep(1500);
    const read = await fx.call('acme', 'GET', `/services/phishing/campaigns/${id}`);
    const campaign = read.json<{
      data: { state: string; counts: Record<string, number> };
    }>().data;
    expect(campaign.state).toBe('finished');
    expect(campaign.counts.sent).toBe(campaign.counts.recipients);
    expect(campaign.counts.opened).toBeGreaterThan(0);
    const results = (
      await fx.call('acme', 'GET', `/services/phishing/campaigns/${id}/results`)
    ).json<{ data: { recipients: { sent_at: string | null }[]; events: { kind: string }[] } }>()
      .data;
    expect(results.recipients.every((r) => r.sent_at !== null)).toBe(true);
    expect(results.events[0]?.kind).toBe('sent');
    const end = await fx.call('acme', 'POST', `/services/phishing/campaigns/${id}/end`);
    expect(end.statusCode).toBe(409);
  });

  it('answers the same results on every read (deterministic behaviour)', async () => {
    const first = await fx.call('acme', 'GET', '/services/phishing/stats');
    const second = await fx.call('acme', 'GET', '/services/phishing/stats');
    const stats = first.json<{
      data: {
        sent: number;
        click_rate: unknown[];
        repeat_offenders: { email: string; campaigns: number }[];
      };
    }>().data;
    expect(stats.sent).toBeGreaterThan(0);
    expect(stats.click_rate.length).toBeGreaterThanOrEqual(3);
    expect(stats.repeat_offenders.every((o) => o.campaigns >= 2)).toBe(true);
    // The full list says the same, each person with what they did in every campaign received.
    const offenders = (await fx.call('acme', 'GET', '/services/phishing/offenders')).json<{
      data: {
        email: string;
        campaigns: number;
        history: { campaign_name: string; clicked: boolean; launched_at: string | null }[];
      }[];
    }>().data;
    expect(offenders.map((o) => [o.email, o.campaigns])).toEqual(
      stats.repeat_offenders.map((o) => [o.email, o.campaigns]),
    );
    for (const person of offenders) {
      expect(person.history.filter((h) => h.clicked)).toHaveLength(person.campaigns);
      expect(person.history.every((h) => h.launched_at !== null)).toBe(true);
    }
    const everyone = (
      await fx.call('acme', 'GET', '/services/phishing/offenders?min_campaigns=1')
    ).json<{ data: unknown[] }>().data;
    expect(everyone.length).toBeGreaterThanOrEqual(offenders.length);
    expect(second.json()).toEqual(first.json());
  });

  it('keeps tenants apart in lists', async () => {
    const globex = (await fx.call('globex', 'GET', '/services/phishing/campaigns')).json<{
      data: { name: string }[];
    }>().data;
    expect(globex.map((c) => c.name)).toEqual(['Parcel redelivery']);
    const groups = (await fx.call('globex', 'GET', '/services/phishing/groups')).json<{
      data: { name: string }[];
    }>().data;
    expect(groups.map((g) => g.name)).toEqual(['All staff']);
  });
  it('refuses to delete a template or group a campaign uses, and a built-in template, with a sentence', async () => {
    const template = await fx.call('acme', 'POST', '/services/phishing/templates', {
      kind: 'landing',
      name: 'Used page',
      content: '<p>Used</p>',
    });
    const templateId = template.json<{ data: { id: number } }>().data.id;
    const group = await fx.call('acme', 'POST', '/services/phishing/groups', {
      name: 'Used group',
      csv: CSV,
    });
    const groupId = group.json<{ data: { group: { id: number } } }>().data.group.id;
    const campaign = await fx.call('acme', 'POST', '/services/phishing/campaigns', {
      ...campaignBody(ids),
      name: 'Uses both',
      landing_page_id: templateId,
      group_id: groupId,
    });
    const campaignId = campaign.json<{ data: { id: number } }>().data.id;

    const refusedTemplate = await fx.call(
      'acme',
      'DELETE',
      `/services/phishing/templates/${templateId}`,
    );
    expect(refusedTemplate.statusCode).toBe(409);
    expect(refusedTemplate.json()).toEqual({
      message:
        'The landing page Used page is used by the campaign Uses both; delete that campaign first.',
    });
    const refusedGroup = await fx.call('acme', 'DELETE', `/services/phishing/groups/${groupId}`);
    expect(refusedGroup.statusCode).toBe(409);
    expect(refusedGroup.json()).toEqual({
      message:
        'The recipient group Used group is used by the campaign Uses both; delete that campaign first.',
    });
    const builtin = await fx.call(
      'acme',
      'PATCH',
      `/services/phishing/templates/${ids.builtinEmail}`,
      { name: 'Mine now' },
    );
    expect(builtin.statusCode).toBe(409);
    expect(builtin.json()).toEqual({
      message:
        'Built-in templates and landing pages cannot be changed; add one of your own instead.',
    });

    // Once the campaign is gone, so may they be; each change is in the audit log.
    const removal = await fx.call('acme', 'DELETE', `/services/phishing/campaigns/${campaignId}`);
    expect(removal.statusCode).toBe(202);
    expect(
      await fx.waitTask('acme', removal.json<{ data: { task_id: number } }>().data.task_id),
    ).toEqual({ state: 'SUCCESS', message: 'The campaign Uses both was deleted.' });
    expect(
      (await fx.call('acme', 'GET', `/services/phishing/campaigns/${campaignId}`)).statusCode,
    ).toBe(404);
    expect(
      (await fx.call('acme', 'DELETE', `/services/phishing/templates/${templateId}`)).statusCode,
    ).toBe(204);
    expect(
      (await fx.call('acme', 'DELETE', `/services/phishing/groups/${groupId}`)).statusCode,
    ).toBe(204);
    expect((await fx.call('acme', 'GET', `/services/phishing/groups/${groupId}`)).statusCode).toBe(
      404,
    );
    const audits = await test.db.query<{ action: string; target: string; result: string }>(
      `select action, target, result from audit_log
        where target in ($1, $2, $3) and action like 'phishing.%' order by id`,
      [
        `phishing-template:${templateId}`,
        `phishing-group:${groupId}`,
        `phishing-campaign:${campaignId}`,
      ],
    );
    expect(audits).toEqual([
      {
        action: 'phishing.template-delete',
        target: `phishing-template:${templateId}`,
        result: 'failure',
      },
      { action: 'phishing.group-delete', target: `phishing-group:${groupId}`, result: 'failure' },
      { action: 'phishing.delete', target: `phishing-campaign:${campaignId}`, result: 'success' },
      {
        action: 'phishing.template-delete',
        target: `phishing-template:${templateId}`,
        result: 'success',
      },
      { action: 'phishing.group-delete', target: `phishing-group:${groupId}`, result: 'success' },
    ]);
  });

  it('edits a draft only, replaces a group from a file, and calls off a scheduled campaign it deletes', async () => {
    const group = await fx.call('acme', 'POST', '/services/phishing/groups', {
      name: 'Editable',
      csv: CSV,
    });
    const groupId = group.json<{ data: { group: { id: number } } }>().data.group.id;
    const edited = await fx.call('acme', 'PATCH', `/services/phishing/groups/${groupId}`, {
      csv: 'email,first_name,last_name,department\nbo@acme.example,Bo,B,IT\ncy@acme.example,Cy,C,HR\n',
    });
    expect(edited.json()).toMatchObject({
      data: { group: { name: 'Editable', recipient_count: 2 }, skipped: 0 },
    });
    const created = await fx.call('acme', 'POST', '/services/phishing/campaigns', {
      ...campaignBody(ids),
      name: 'Later',
      group_id: groupId,
      launch_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const id = created.json<{ data: { id: number } }>().data.id;
    const renamed = await fx.call('acme', 'PATCH', `/services/phishing/campaigns/${id}`, {
      name: 'Later, renamed',
    });
    expect(renamed.json()).toMatchObject({
      data: { name: 'Later, renamed', group: { id: groupId }, state: 'draft' },
    });
    const launch = await fx.call('acme', 'POST', `/services/phishing/campaigns/${id}/launch`);
    expect(
      await fx.waitTask('acme', launch.json<{ data: { task_id: number } }>().data.task_id),
    ).toMatchObject({ state: 'SUCCESS', message: 'The campaign Later, renamed is scheduled.' });
    const late = await fx.call('acme', 'PATCH', `/services/phishing/campaigns/${id}`, {
      name: 'Too late',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'Only a draft campaign can be edited.' });

    const removal = await fx.call('acme', 'DELETE', `/services/phishing/campaigns/${id}`);
    expect(
      await fx.waitTask('acme', removal.json<{ data: { task_id: number } }>().data.task_id),
    ).toEqual({
      state: 'SUCCESS',
      message: 'The campaign Later, renamed was called off and deleted.',
    });
    const platform = await test.db.query<{ ended: boolean }>(
      'select ended_at is not null as ended from sim_phishing_campaign where campaign_id = $1',
      [id],
    );
    expect(platform).toEqual([{ ended: true }]);
    const running = await fx.call('acme', 'DELETE', `/services/phishing/campaigns/${ids.running}`);
    expect(running.statusCode).toBe(409);
    expect(running.json<{ message: string }>().message).toBe(
      'Only a draft or scheduled campaign can be deleted; a running or finished one keeps its results.',
    );
  });
});
