import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpuLimit, memoryLimit, MetricsSampler } from '../src/areas/compute/drivers/lxd/metrics.ts';
import { DriverError, type MetricsRequest } from '../src/areas/compute/driver.ts';
import { LxdClient } from '../src/platform/lxd/client.ts';
import { localLxd } from './helpers/lxd.ts';
import { lxdSandbox, type LxdSandbox } from './helpers/lxd-sandbox.ts';

describe('LXD limits as the 100 % of a chart', () => {
  it('reads limits.cpu as a count or a set of CPUs', () => {
    expect(cpuLimit('2')).toBe(2);
    expect(cpuLimit('0-1,4')).toBe(3);
    expect(cpuLimit(undefined)).toBeNull();
    expect(cpuLimit('x')).toBeNull();
  });
  it('reads limits.memory in its units, or as a share of the host', () => {
    expect(memoryLimit('1024MB', 0)).toBe(1024e6);
    expect(memoryLimit('2GiB', 0)).toBe(2 * 2 ** 30);
    expect(memoryLimit('50%', 8e9)).toBe(4e9);
    expect(memoryLimit(undefined, 8e9)).toBeNull();
    expect(memoryLimit('lots', 8e9)).toBeNull();
  });
});

const lxd = await localLxd('lxd metrics');

/** The largest value of a reply's first series. */
const peak = (reply: { series: { points: [number, number][] }[] }) =>
  Math.max(0, ...(reply.series[0]?.points.map(([, value]) => value) ?? []));

describe.runIf(lxd)('metrics of an LXD instance, sampled by the server', () => {
  const client = lxd as LxdClient;
  let sandbox: LxdSandbox;
  let sampler: MetricsSampler;
  let instance = { project: '', name: '' };
  const cpu: MetricsRequest = { metric: 'cpu', range: '1h', step: 10 };

  beforeAll(async () => {
    sandbox = await lxdSandbox(client, 'metrics');
    instance = await sandbox.launch('metrics-1', {
      config: { 'limits.cpu': '1', 'limits.memory': '256MB' },
      address: true,
    });
    sampler = new MetricsSampler(client, async (vmId) => (vmId === 1 ? instance : null), {
      everyMs: 500,
      firstGapMs: 500,
    });
  }, 60_000);
  afterAll(async () => {
    sampler?.stop();
    await sandbox?.dispose();
    await client.close();
  }, 60_000);

  it('shows a busy loop run in the instance as a CPU spike', async () => {
    const idle = peak(await sampler.metrics(1, cpu, Date.now()));
    const loop = await sandbox.exec(instance.name, [
      'timeout',
      '8',
      'sh',
      '-c',
      'while :; do :; done',
    ]);
    // The busy loop takes what the (shared, busy) machine gives it: far more than idle, and a
    // clear share of the instance's one CPU.
    await expect
      .poll(async () => peak(await sampler.metrics(1, cpu, Date.now())), {
        timeout: 10_000,
        interval: 500,
      })
      .toBeGreaterThan(Math.max(5, idle * 3));
    await client.wait(loop.id);
  }, 30_000);

  it('answers memory against the instance limit, network as rates, disk without points', async () => {
    const now = Date.now();
    const memory = await sampler.metrics(1, { metric: 'memory', range: '1h', step: 60 }, now);
    expect(memory.unit).toBe('%');
    expect(peak(memory)).toBeGreaterThan(0);
    expect(peak(memory)).toBeLessThan(100);
    const network = await sampler.metrics(1, { metric: 'network', range: '1h', step: 60 }, now);
    expect(network.series.map((series) => series.name)).toEqual(['rx', 'tx']);
    expect(network.unit).toBe('Mbit/s');
    for (const series of network.series) {
      expect(series.points.length).toBeGreaterThan(0);
      for (const [at, value] of series.points) {
        expect(at % 60_000).toBe(0);
        expect(value).toBeGreaterThanOrEqual(0);
      }
    }
    // LXD 5.0 measures no disk I/O for containers on a dir pool: the chart is empty, not invented.
    const disk = await sampler.metrics(1, { metric: 'disk', range: '1h', step: 60 }, now);
    expect(disk.series.map((series) => [series.name, series.points])).toEqual([
      ['read', []],
      ['write', []],
    ]);
  });

  it('answers a sentence for an instance LXD does not have, and one when LXD is down', async () => {
    const lost = new MetricsSampler(client, async () => ({ ...instance, name: 'no-such-one' }));
    const missing = await lost.metrics(2, cpu, Date.now()).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(DriverError);
    expect((missing as DriverError).message).toContain('no longer on the LXD server');
    const down = new LxdClient({ socketPath: '/nonexistent/lxd.socket' }, { timeoutMs: 1000 });
    const dark = new MetricsSampler(down, async () => instance);
    const failed = await dark.metrics(3, cpu, Date.now()).catch((error: unknown) => error);
    expect((failed as DriverError).message).toContain('does not answer right now');
    await down.close();
  });
});
