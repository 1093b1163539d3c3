import type { LxdClient, LxdOperation } from '../../src/platform/lxd/client.ts';
import { recordRunProject } from './lxd.ts';

/** The image `npm run lxd:setup` imports. */
export const TEST_IMAGE = 'portal-busybox';

export interface LxdSandbox {
  project: string;
  /**
   * Creates and starts an instance, named `<name>-<pid>` (names are unique on a bridge, across
   * projects); resolves once it has an IPv4 address when `address`.
   */
  launch(
    name: string,
    options?: { config?: Record<string, string>; address?: boolean },
  ): Promise<{ project: string; name: string; address: string | null }>;
  /** Runs a command in the instance without waiting for it: its operation. */
  exec(name: string, command: string[]): Promise<LxdOperation>;
  /** Deletes every instance of the project, then the project. */
  dispose(): Promise<void>;
}

interface StateWithNetwork {
  network: Record<string, { addresses: { family: string; address: string }[] }> | null;
}

/** A project of its own for one test file, on the local LXD, and what it needs. */
export async function lxdSandbox(client: LxdClient, what: string): Promise<LxdSandbox> {
  const project = `portal-test-${what}-${process.pid}`;
  // Noted first: a run killed from here on has its project deleted by the next run's sweep.
  recordRunProject(project);
  await client.post('/1.0/projects', {
    name: project,
    config: { 'features.images': 'false', 'features.profiles': 'false' },
  });
  const addressOf = async (name: string) => {
    const state = await client.get<StateWithNetwork>(`/1.0/instances/${name}/state`, { project });
    return state.network?.['eth0']?.addresses.find((a) => a.family === 'inet')?.address ?? null;
  };
  return {
    project,
    async launch(short, { config = {}, address = false } = {}) {
      const name = `${short}-${process.pid}`;
      await client.postWait(
        '/1.0/instances',
        { name, config, source: { type: 'image', alias: TEST_IMAGE } },
        { project },
      );
      await client.putWait(`/1.0/instances/${name}/state`, { action: 'start' }, { project });
      let ip: string | null = null;
      const deadline = Date.now() + 20_000;
      while (address && !(ip = await addressOf(name))) {
        if (Date.now() > deadline) throw new Error(`${name} got no IPv4 address`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { project, name, address: ip };
    },
    exec: (name, command) =>
      client.start(
        'POST',
        `/1.0/instances/${name}/exec`,
        { command, 'wait-for-websocket': false, interactive: false, 'record-output': false },
        { project },
      ),
    async dispose() {
      const instances = await client.get<{ name: string; status: string }[]>('/1.0/instances', {
        project,
        query: { recursion: '1' },
      });
      for (const { name, status } of instances) {
        if (status !== 'Stopped')
          await client.putWait(
            `/1.0/instances/${name}/state`,
            { action: 'stop', force: true },
            { project },
          );
        await client.deleteWait(`/1.0/instances/${name}`, { project });
      }
      await client.delete(`/1.0/projects/${project}`);
    },
  };
}
