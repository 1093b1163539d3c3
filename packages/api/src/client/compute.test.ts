import { describe, expect, it } from 'vitest';
import { computeApi } from './compute.ts';
import { createApiClient } from './index.ts';
import { tasksApi } from './tasks.ts';

interface Seen {
  method: string;
  url: string;
  body: unknown;
}

/** A client whose fetch records each request and answers `{ data }` (and `page` when given). */
const recording = (data: unknown = { task_id: 7 }, page?: unknown) => {
  const seen: Seen[] = [];
  const api = createApiClient({
    prefixUrl: 'http://portal.test/api',
    getToken: async () => 'token',
    fetch: (async (request: Request) => {
      const text = await request.text();
      seen.push({
        method: request.method,
        url: request.url.replace('http://portal.test/api', ''),
        body: text ? JSON.parse(text) : undefined,
      });
      return new Response(JSON.stringify(page === undefined ? { data } : { data, page }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch,
  });
  return { compute: computeApi(api), tasks: tasksApi(api), seen };
};

describe('compute client', () => {
  it('lists VMs with repeated detail_fields and reads data', async () => {
    const { compute, seen } = recording([{ id: 1 }]);
    const vms = await compute.list({ detail_fields: ['nat', 'firewall_rules'], network_id: 10 });
    expect(vms).toEqual([{ id: 1 }]);
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/services/eseries?detail_fields=nat&detail_fields=firewall_rules&network_id=10',
    });
  });

  it('reads a page with the paging parameters, keeping the whole reply', async () => {
    const page = { next_cursor: 'abc', total: 600 };
    const { compute, seen } = recording([{ id: 1 }], page);
    const reply = await compute
      .vwseries('VWS123456')
      .page({ limit: 100, cursor: 'xyz', sort: '-name', q: 'web 1' });
    expect(reply).toEqual({ data: [{ id: 1 }], page });
    expect(seen[0]?.url).toBe(
      '/services/vwseries/VWS123456/vm?limit=100&cursor=xyz&sort=-name&q=web+1',
    );
  });

  it('uses the vwseries VM path base for the shared calls', async () => {
    const { compute, seen } = recording();
    await compute.vwseries('VWS123456').powerState(5, 'powerOff');
    await compute.vwseries('VWS123456').consoleTicket(5);
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/services/vwseries/VWS123456/vm/5/power_state',
        body: { power_operation: 'powerOff' },
      },
      { method: 'GET', url: '/services/vwseries/VWS123456/vm/5/console', body: undefined },
    ]);
  });

  it('sends the specification payload names', async () => {
    const { compute, seen } = recording();
    await compute.snapshot(3, { snap_op: 'RevertSnapshot', snap_id: 9, suppress_power_on: true });
    await compute.resize(3, { vcpus: 4, memoryGB: 8 });
    await compute.rename(3, 'web 1');
    await compute.setVlan(3, 200, 1);
    await compute.createNat(3, 2);
    await compute.cancelNat(3, 11);
    await compute.deleteFirewallRule(3, 4);
    await compute.bootCdrom(3, {
      operation: 'attach',
      data: { media_key: 'iso/x', cdrom_number: 1 },
    });
    expect(seen.map((s) => `${s.method} ${s.url} ${JSON.stringify(s.body) ?? ''}`)).toEqual([
      'POST /services/eseries/3/snapshot {"snap_op":"RevertSnapshot","snap_id":9,"suppress_power_on":true}',
      'PATCH /services/eseries/3/instance {"vcpus":4,"memoryGB":8}',
      'PATCH /services/eseries/3 {"operation":"update","data":{"display_name":"web 1"}}',
      'PUT /services/eseries/3/vlan/200?adapter=1 ',
      'POST /services/eseries/3/nat {"operation":"create","data":{"gateway_id":2}}',
      'PUT /services/eseries/3/nat/11 {"status":"cancel"}',
      'DELETE /services/eseries/3/firewall_rule/4 ',
      'PATCH /services/eseries/3/boot_cdrom {"operation":"attach","data":{"media_key":"iso/x","cdrom_number":1}}',
    ]);
  });

  it('reads task status from both task paths and metrics with a range', async () => {
    const { compute, tasks, seen } = recording({ state: 'SUCCESS', message: '' });
    expect(await compute.vmTaskStatus(12)).toEqual({ state: 'SUCCESS', message: '' });
    await tasks.status(13);
    await compute.metrics(3, 'cpu', '24h');
    expect(seen.map((s) => s.url)).toEqual([
      '/services/eseries/task_status/12',
      '/services/task/13',
      '/services/eseries/3/metrics?metric=cpu&range=24h',
    ]);
  });

  it('deletes a VM', async () => {
    const { compute, seen } = recording();
    expect(await compute.remove(5)).toEqual({ task_id: 7 });
    expect(seen).toEqual([{ method: 'DELETE', url: '/services/eseries/5', body: undefined }]);
  });
});

describe('tasks client', () => {
  it('lists a page of tasks with its query and reads the next cursor', async () => {
    const { tasks, seen } = recording([{ id: 1 }], { next_cursor: 'abc' });
    expect(await tasks.list({ state: 'open', mine: true, limit: 20 })).toEqual({
      tasks: [{ id: 1 }],
      nextCursor: 'abc',
    });
    expect(seen[0]?.url).toBe('/services/task?state=open&mine=true&limit=20');
  });
});
