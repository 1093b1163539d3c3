// Test setup through the real API, as a script would use it: sign in at the identity emulator,
// then call /api with the ID token. Used to give each test a VM of its own.
import type { Catalogue, CurrentUser, TaskStatus, Vm, VmCreate } from '@portal/api/contract';
import { DEMO_PASSWORD } from './fixtures.ts';

const baseURL = process.env.E2E_BASE_URL ?? '';
const emulatorURL = process.env.E2E_AUTH_EMULATOR_URL ?? '';

async function idToken(email: string): Promise<string> {
  const reply = await fetch(
    `${emulatorURL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
    },
  );
  if (!reply.ok) throw new Error(`sign-in of ${email} failed: ${await reply.text()}`);
  return ((await reply.json()) as { idToken: string }).idToken;
}

export async function apiAs(email: string) {
  const token = await idToken(email);
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const reply = await fetch(`${baseURL}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await reply.text();
    if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${text}`);
    return (JSON.parse(text) as { data: T }).data;
  };
  const waitForTask = async (taskId: number) => {
    for (let i = 0; i < 200; i += 1) {
      const status = await call<TaskStatus>('GET', `/services/task/${taskId}`);
      if (status.state === 'SUCCESS') return status;
      if (status.state === 'FAILURE') throw new Error(`task ${taskId} failed: ${status.message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`task ${taskId} did not finish`);
  };
  return {
    call,
    waitForTask,
    /**
     * Creates a powered-on VM on the smallest plan in the first site, and waits until built; from
     * the first image whose name matches `image` (Ubuntu by default).
     */
    async createVm(displayName: string, options: { image?: RegExp } = {}): Promise<Vm> {
      const user = await call<CurrentUser>('GET', `/services/user/${encodeURIComponent(email)}`);
      const catalogue = await call<Catalogue>('GET', '/services/eseries/catalogue');
      const site = catalogue.regions[0]?.sites[0];
      const zone = site?.zones[0];
      const plan = catalogue.plans[0];
      const pattern = options.image ?? /ubuntu/i;
      const image = catalogue.images.find((i) => pattern.test(i.name)) ?? catalogue.images[0];
      const version = image?.versions[0];
      const portgroup = site?.portgroups[0];
      if (!site || !zone || !plan || !image || !version || !portgroup)
        throw new Error('the catalogue is missing a site, zone, plan, image or portgroup');
      const body: VmCreate = {
        location: site.location,
        status: 'trial',
        tenant_id: user.tenant.cdb_id,
        display_name: displayName,
        vsnap: false,
        monitoring: false,
        vm_params: {
          vcpus: plan.cpu,
          memory: plan.memory * 1024,
          cluster_name: zone.cluster,
          os: { name: image.name, version: version.name, guest_full_name: version.id },
          adapters: [{ portgroup: portgroup.name, vlan_id: portgroup.vlan_id }],
          disk_size_gb: null,
        },
      };
      const accepted = await call<{ task_id: number; vm_id: number }>(
        'POST',
        '/services/eseries',
        body,
      );
      await waitForTask(accepted.task_id);
      return call<Vm>('GET', `/services/eseries/${accepted.vm_id}`);
    },
  };
}
