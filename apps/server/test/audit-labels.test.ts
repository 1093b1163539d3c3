import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { computeFixture, type ComputeFixture } from './helpers/compute.ts';

/** The audit log names the target of licence, backup, endpoint-security and phishing changes. */
describe.each(databaseKinds())('audit rows name their target on $kind', ({ open }) => {
  let test: TestDatabase;
  let fx: ComputeFixture;

  beforeAll(async () => {
    test = await open();
    fx = await computeFixture(test);
  });
  afterAll(async () => {
    await fx?.close();
    await test?.dispose();
  });

  const logged = async (action: string) => {
    const rows = await test.db.query<{ target: string; target_label: string | null }>(
      `select target, target_label from audit_log where action = $1 and result = 'success'
       order by id desc limit 1`,
      [action],
    );
    return rows[0];
  };

  const data = async <T>(url: string) =>
    (await fx.call('acme', 'GET', url)).json<{ data: T }>().data;

  it('names a licence by product and reference', async () => {
    const [licence] =
      await data<{ id: number; reference: string; product_name: string; auto_renew: boolean }[]>(
        '/services/license',
      );
    expect(licence).toBeDefined();
    const reply = await fx.call('acme', 'PATCH', `/services/license/${licence?.id}`, {
      auto_renew: !licence?.auto_renew,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await logged('license.renewal')).toEqual({
      target: `license:${licence?.id}`,
      target_label: `${licence?.product_name} (${licence?.reference})`,
    });
  });

  it('names a backup tenant by its name', async () => {
    const [tenant] =
      await data<{ uuid: string; name: string; warning_percent: number }[]>('/services/backup');
    expect(tenant).toBeDefined();
    const reply = await fx.call('acme', 'PATCH', `/services/backup/${tenant?.uuid}/quota`, {
      warning_percent: tenant?.warning_percent === 70 ? 75 : 70,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await logged('backup.quota'))?.target_label).toBe(tenant?.name);
  });

  it('names an endpoint-security subscription by its name', async () => {
    const subscriptions =
      await data<{ id: number; kind: string; name: string }[]>('/services/crowdstrike');
    const medr = subscriptions.find((each) => each.kind === 'medr');
    expect(medr).toBeDefined();
    const reply = await fx.call('acme', 'PATCH', `/services/crowdstrike/medr/${medr?.id}/policy`, {
      mode: 'n-1',
      uninstall_protection: true,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await logged('edr.policy')).toEqual({
      target: `edr:${medr?.id}`,
      target_label: medr?.name,
    });
  });

  it('names an endpoint-security detection commented on by its name', async () => {
    const subscriptions =
      await data<{ id: number; kind: string; name: string }[]>('/services/crowdstrike');
    const medr = subscriptions.find((each) => each.kind === 'medr');
    expect(medr).toBeDefined();
    const [detection] = await data<{ id: number; tactic: string; hostname: string }[]>(
      `/services/crowdstrike/medr/${medr?.id}/detections`,
    );
    expect(detection).toBeDefined();
    const reply = await fx.call(
      'acme',
      'POST',
      `/services/crowdstrike/medr/${medr?.id}/detections/${detection?.id}/comments`,
      { body: 'Looked at it: the admin ran the script.' },
    );
    expect(reply.statusCode, reply.body).toBe(201);
    expect(await logged('edr.comment')).toEqual({
      target: `edr-detection:${detection?.id}`,
      target_label: `${detection?.tactic} on ${detection?.hostname}`,
    });
  });

  it('names a phishing template by its name', async () => {
    const made = await fx.call('acme', 'POST', '/services/phishing/templates', {
      kind: 'email',
      name: 'Parcel notice',
      subject: 'Your parcel',
      content: '<p>Your parcel is waiting: {{.URL}}</p>',
    });
    expect(made.statusCode, made.body).toBe(201);
    const template = made.json<{ data: { id: number; name: string } }>().data;
    const reply = await fx.call('acme', 'PATCH', `/services/phishing/templates/${template.id}`, {
      subject: 'Your parcel is waiting',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await logged('phishing.template-edit')).toEqual({
      target: `phishing-template:${template.id}`,
      target_label: 'Parcel notice',
    });
  });

  it('names what a task ended on, as its request did', async () => {
    const [vm] = await data<{ id: number; display_name: string }[]>('/services/eseries');
    expect(vm).toBeDefined();
    const reply = await fx.call('acme', 'POST', `/services/eseries/${vm?.id}`);
    expect(reply.statusCode, reply.body).toBe(202);
    const task = reply.json<{ data: { task_id: number } }>().data;
    expect((await fx.waitTask('acme', task.task_id)).state).toBe('SUCCESS');
    expect(await logged('task.finish')).toEqual({
      target: `vm:${vm?.id}`,
      target_label: vm?.display_name,
    });
  });
});
