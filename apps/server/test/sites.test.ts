// Sites from the environment: the simulator's, and an LXD site when it answers (or must).
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { resolveSites } from '../src/site-config.ts';

const NOWHERE = '/nonexistent/lxd/unix.socket';
const fail = (message: string): never => {
  throw new ConfigError(message);
};

describe('sites', () => {
  it('runs the simulated sites by default, and LXD on its usual socket when it answers', () => {
    const { sites } = loadConfig({});
    expect(sites.simulated).toBe(true);
    expect(sites.lxd.mode).toBe('auto');
    expect(sites.lxd.site.lxd.endpoint).toEqual({ socketPath: '/var/lib/lxd/unix.socket' });
    expect(sites.lxd.site.locations).toEqual(['LXD1']);
  });

  it('names the setting that is wrong, and why', () => {
    expect(() => loadConfig({ LXD: 'sometimes' })).toThrow(/LXD must be auto, on or off/);
    expect(() => loadConfig({ LXD_URL: 'http://lxd:8443' })).toThrow(/LXD_URL must be an https/);
    expect(() => loadConfig({ LXD_URL: 'https://lxd.example:8443' })).toThrow(
      /needs LXD_CLIENT_CERT and LXD_CLIENT_KEY/,
    );
    expect(() =>
      loadConfig({ LXD_URL: 'https://lxd.example:8443', LXD_CLIENT_CERT: '/no/such.crt' }),
    ).toThrow(/LXD_CLIENT_CERT names \/no\/such\.crt, which cannot be read/);
    expect(() => loadConfig({ LXD_LOCATION: 'lxd one' })).toThrow(/LXD_LOCATION must be/);
    expect(() => loadConfig({ LXD_FORWARD_ADDRESSES: '192.0.2.1,nope' })).toThrow(
      /"nope" is not one/,
    );
    expect(() => loadConfig({ SIMULATED_SITES: 'maybe' })).toThrow(/SIMULATED_SITES must be/);
    expect(() => loadConfig({ LXD_PUBLIC_ADDRESSES: '198.51.100.9-198.51.100.1' })).toThrow(
      /LXD_PUBLIC_ADDRESSES must list .*"198\.51\.100\.9-198\.51\.100\.1" is not one/,
    );
    expect(() => loadConfig({ LXD_PUBLIC_ADDRESSES: '10.0.0.0/8' })).toThrow(/at most 4096/);
  });

  it('reads the LXD site’s public addresses as addresses, ranges and networks', () => {
    const pool = (env: Record<string, string>) =>
      loadConfig(env).sites.lxd.site.lxd.forwardAddresses;
    expect(
      pool({ LXD_PUBLIC_ADDRESSES: '198.51.100.10-198.51.100.12, 192.0.2.0/30,198.51.100.11' }),
    ).toEqual(['198.51.100.10', '198.51.100.11', '198.51.100.12', '192.0.2.1', '192.0.2.2']);
    // The older name still works; the newer wins when both are set.
    expect(pool({ LXD_FORWARD_ADDRESSES: '192.0.2.7' })).toEqual(['192.0.2.7']);
    expect(
      pool({ LXD_FORWARD_ADDRESSES: '192.0.2.7', LXD_PUBLIC_ADDRESSES: '192.0.2.8/32' }),
    ).toEqual(['192.0.2.8']);
    expect(pool({})).toEqual([]);
  });

  it('says in one line why there is no LXD site, and keeps the simulated ones', async () => {
    const config = loadConfig({ LXD_SOCKET: NOWHERE }).sites;
    const started = Date.now();
    const { sites, lxdLine } = await resolveSites(config, fail);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(sites.map((site) => site.backend)).toEqual(['simulator']);
    expect(lxdLine).toMatch(
      /^No LXD site: LXD does not answer at \/nonexistent\/lxd\/unix\.socket/,
    );
    expect(lxdLine).toContain('npm run lxd:setup');
    const off = await resolveSites(loadConfig({ LXD: 'off' }).sites, fail);
    expect(off.lxdLine).toBe('No LXD site: LXD is off (LXD=off).');
  });

  it('refuses to start without LXD where it is required, or where it is the only site', async () => {
    await expect(
      resolveSites(loadConfig({ LXD: 'on', LXD_SOCKET: NOWHERE }).sites, fail),
    ).rejects.toThrow(/LXD=on, but LXD does not answer/);
    await expect(
      resolveSites(loadConfig({ SIMULATED_SITES: 'false', LXD_SOCKET: NOWHERE }).sites, fail),
    ).rejects.toThrow(/SIMULATED_SITES is false and there is no LXD site/);
  });
});
