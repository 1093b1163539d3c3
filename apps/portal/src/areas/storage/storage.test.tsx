import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ApiClient } from '@portal/api/client';
import {
  permissionsOnAllAreas,
  type CurrentUser,
  type Vm,
  type Volume,
} from '@portal/api/contract';
import type { IdentityService } from '@portal/api/identity';
import { LinkProvider, ThemeProvider } from '@portal/ui';
import { createQueryClient } from '../../kit/query.ts';
import { resourceBusy } from '../../kit/useTaskAction.ts';
import { provideServices, session } from '../../services.ts';
import { createCurrentUserCache } from '../../state/currentUser.ts';
import { tasks } from '../../state/tasks.ts';
import { memoryRouter } from '../../test-router.tsx';
import { StorageCreatePage } from './StorageCreatePage.tsx';
import { StorageDetailPage } from './StorageDetailPage.tsx';
import { VmVolumesPanel } from './VmVolumesPanel.tsx';

const USER: CurrentUser = {
  email: 'acme@portal.test',
  tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
  role: { name: 'Operator', builtin: false, permissions: permissionsOnAllAreas('manage') },
};

const VM: Vm = {
  id: 5,
  display_name: 'web-01',
  status: 'active',
  power_state: 'poweredOn',
  os: { name: 'Ubuntu', version: '24.04 LTS', guest_full_name: 'Ubuntu Linux 24.04 (64-bit)' },
  vcpus: 2,
  memory: 4096,
  disk_size_gb: 60,
  plan: { id: 'std-2', name: 'Standard 2', max_vcpus: 8, max_memory_gb: 32 },
  location: 'AMS1',
  cluster: 'AMS1-CL01',
  adapters: [],
  nat: [],
  firewall_rules: [],
  boot_cdrom: null,
  vsnap: false,
  monitoring: false,
  serviceid: null,
  tenant_id: 'UZZ100001',
  task_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

const volume = (overrides: Partial<Volume> = {}): Volume => ({
  id: 7,
  name: 'data-1',
  size_gb: 100,
  type: 'standard',
  location: 'AMS1',
  state: 'available',
  attached_vm: null,
  source: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

type Send = ReturnType<typeof vi.fn>;

/** The API boundary, stubbed: the pages' behaviour is what is tested. */
function visit(
  path: string,
  route: { path: string; element: ReactElement } | { path: string; element: ReactElement }[],
  {
    shown = volume(),
    post = vi.fn(),
    patch = vi.fn(),
    unavailable,
    backend,
    attachedToVm = [],
    allVolumes = [],
  }: {
    attachedToVm?: Volume[];
    allVolumes?: Volume[];
    shown?: Volume;
    post?: Send;
    patch?: Send;
    unavailable?: Record<string, string>;
    backend?: 'lxd' | 'simulator';
  },
) {
  session.user = USER;
  const api = {
    get: vi.fn(async (url: string, options?: { searchParams?: URLSearchParams }) => {
      if (url === `/services/storage/${shown.id}`) return shown;
      if (url === '/services/storage')
        return options?.searchParams?.get('vm_id') === '5' ? attachedToVm : allVolumes;
      if (url === '/services/eseries') return [VM];
      if (url === '/services/eseries/5/snapshot')
        return [
          {
            id: 9,
            parent_id: null,
            name: 'golden',
            description: '',
            power_state: 'poweredOff',
            quiesced: false,
            is_current: true,
            created_at: '2026-01-01T00:00:00.000Z',
          },
        ];
      if (url === '/services/eseries/catalogue')
        return {
          regions: [
            {
              id: 'eu',
              name: 'Europe',
              sites: [
                {
                  location: 'AMS1',
                  ...(unavailable ? { unavailable } : {}),
                  ...(backend ? { backend } : {}),
                },
              ],
            },
          ],
          plans: [],
          images: [],
          media: [],
          disk: { min_gb: 10, max_gb: 100 },
        };
      if (url.startsWith('/services/task/')) return { state: 'RUNNING', message: '' };
      throw new Error(`unexpected GET ${url}`);
    }),
    post,
    patch,
  } as unknown as ApiClient;
  provideServices({
    identity: {} as IdentityService,
    api,
    currentUser: createCurrentUserCache({ fetchUser: vi.fn(), onChange: () => undefined }),
  });
  const { element, router } = memoryRouter(Array.isArray(route) ? route : [route], path);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider>
        <LinkProvider navigate={(href) => void router.navigate(href)}>{element}</LinkProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

const detail = { path: '/storage/:id', element: <StorageDetailPage /> };
const vmVolumes = {
  path: '/compute/:id',
  element: <VmVolumesPanel vmId={5} vmName="web-01" vmLocation="AMS1" />,
};
const create = { path: '/storage/create', element: <StorageCreatePage /> };

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const isChecked = (element: HTMLElement) =>
  element.getAttribute('aria-checked') === 'true' || (element as HTMLInputElement).checked;

// A loaded two-core CI needs more than the default 5 s for a multi-step form.
describe('storage pages', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    tasks.stopAll();
    for (const key of Object.keys(resourceBusy)) delete resourceBusy[key];
    session.user = null;
    vi.restoreAllMocks();
  });

  it('refuses to delete an attached volume, saying why, and offers to detach it', async () => {
    visit('/storage/7', detail, {
      shown: volume({ state: 'in-use', attached_vm: { id: 5, display_name: 'web-01' } }),
    });
    const remove = await screen.findByRole('button', { name: 'Delete' });
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    expect(describedBy(remove)).toContain(
      'The volume is attached to web-01; detach it before deleting it.',
    );
    expect(screen.getByRole('button', { name: 'Detach' }).getAttribute('aria-disabled')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Attach' })).toBeNull();
  });

  it('names the snapshot and the VM a volume was made from, not their ids', async () => {
    visit('/storage/7', detail, {
      shown: volume({
        source: { vm_id: 3, vm_name: 'plant-scada', snapshot_id: 10, snapshot_name: 'golden' },
      }),
    });
    expect(await screen.findByText('Snapshot golden of plant-scada')).toBeTruthy();
    expect(screen.queryByText(/Snapshot 10 of VM 3/)).toBeNull();
  });

  it('says a source deleted since is deleted, still without ids', async () => {
    visit('/storage/7', detail, {
      shown: volume({ source: { vm_id: 3, vm_name: null, snapshot_id: 10, snapshot_name: null } }),
    });
    expect(await screen.findByText('A deleted snapshot of a deleted VM')).toBeTruthy();
  });

  it('extends only upward: a smaller size is refused before any request', async () => {
    const user = userEvent.setup();
    const patch = vi.fn().mockResolvedValue({ task_id: 3 });
    visit('/storage/7', detail, { patch });
    await user.click(await screen.findByRole('button', { name: 'Extend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend data-1' });
    const size = within(dialog).getByRole('spinbutton', { name: /^New size/ });
    await user.clear(size);
    await user.type(size, '80');
    await user.click(within(dialog).getByRole('button', { name: 'Extend' }));
    await waitFor(() =>
      expect(describedBy(size)).toContain(
        'A volume can only grow: choose more than its current 100 GB.',
      ),
    );
    expect(patch).not.toHaveBeenCalled();
    await user.clear(size);
    await user.type(size, '250');
    await user.click(within(dialog).getByRole('button', { name: 'Extend' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/services/storage/7/size', { size_gb: 250 }),
    );
  });

  it('creates from the snapshot it receives, the size starting at the VM’s disk', async () => {
    const user = userEvent.setup();
    const post = vi.fn().mockResolvedValue({ task_id: 4, volume_id: 8 });
    visit('/storage/create?vm=5&snapshot=9', create, { post });
    const fromSnapshot = await screen.findByRole('radio', {
      name: /A snapshot of a virtual machine/,
    });
    expect(isChecked(fromSnapshot)).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Snapshot/ }).textContent).toContain('golden'),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'copy-1');
    const size = screen.getByRole('spinbutton', { name: /^Size/ });
    await waitFor(() => expect((size as HTMLInputElement).value).toBe('60'));
    await user.clear(size);
    await user.type(size, '40');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(describedBy(size)).toContain("must be at least 60 GB, the size of the VM's disk"),
    );
    await user.clear(size);
    await user.type(size, '80');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Create volume' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/services/storage', {
        name: 'copy-1',
        type: 'standard',
        size_gb: 80,
        source: { vm_id: 5, snapshot_id: 9 },
      }),
    );
  });

  it('switched to a snapshot, offers the snapshot’s disk size, not the empty volume’s 100 GB', async () => {
    const user = userEvent.setup();
    visit('/storage/create', create, {});
    await user.click(await screen.findByRole('radio', { name: /A snapshot of a virtual machine/ }));
    await user.click(await screen.findByRole('combobox', { name: /^Virtual machine/ }));
    await user.click(await screen.findByRole('option', { name: 'web-01 (AMS1)' }));
    await user.click(await screen.findByRole('combobox', { name: /^Snapshot/ }));
    await user.click(await screen.findByRole('option', { name: 'golden' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const size = await screen.findByRole('spinbutton', { name: /^Size/ });
    await waitFor(() => expect((size as HTMLInputElement).value).toBe('60'));
  });

  it('opens the new volume’s page as soon as the creation is accepted, showing it being created', async () => {
    const user = userEvent.setup();
    const post = vi.fn().mockResolvedValue({ task_id: 4, volume_id: 8 });
    const shown = volume({ id: 8, name: 'data-2', state: 'creating', size_gb: 50 });
    visit('/storage/create', [create, detail], { post, shown });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'data-2');
    await user.click(screen.getByRole('combobox', { name: /^Location/ }));
    await user.click(await screen.findByRole('option', { name: 'AMS1' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Create volume' }));
    // Before the task's first poll (5000 ms), with room for a busy machine: the page of the volume,
    // busy while it is made.
    expect(await screen.findByText('Creating…', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('data-2');
    expect(screen.queryByRole('button', { name: 'Create volume' })).toBeNull();
    expect(tasks.isTracking(4)).toBe(true);
  });

  it('refuses a snapshot of a VM whose site cannot copy one, with the site’s reason', async () => {
    const user = userEvent.setup();
    const post = vi.fn();
    const reason = "LXD cannot make a volume from a virtual machine's snapshot.";
    visit('/storage/create?vm=5&snapshot=9', create, {
      post,
      unavailable: { volumeFromSnapshot: reason },
    });
    const vm = await screen.findByRole('combobox', { name: /^Virtual machine/ });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Snapshot/ }).textContent).toContain('golden'),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(describedBy(vm)).toContain(reason));
    expect(post).not.toHaveBeenCalled();
  });

  it('says how to mount a new volume: format once, mount at its path, keep it in fstab', async () => {
    visit('/storage/7', detail, {
      shown: volume({ state: 'in-use', attached_vm: { id: 5, display_name: 'web-01' } }),
    });
    const help = await screen.findByRole('group', { name: 'Use it in the VM' });
    expect(within(help).getByText(/web-01 sees the volume as a new disk/)).toBeTruthy();
    expect(within(help).getByLabelText('Commands to mount the volume').textContent).toBe(
      'lsblk\nsudo mkfs.ext4 /dev/sdb\nsudo mkdir -p /mnt/data-1\nsudo mount /dev/sdb /mnt/data-1',
    );
    expect(within(help).getByText('/etc/fstab')).toBeTruthy();
  });

  it('never tells to format a copy of a snapshot; on LXD says where the platform mounts it', async () => {
    visit('/storage/7', detail, {
      shown: volume({
        source: { vm_id: 3, vm_name: 'plant-scada', snapshot_id: 10, snapshot_name: 'golden' },
      }),
    });
    const help = await screen.findByRole('group', { name: 'Use it in the VM' });
    expect(within(help).queryByText(/mkfs/)).toBeNull();
    expect(within(help).getByText(/Do not format it/)).toBeTruthy();
  });

  it('on an LXD site says the platform mounts it at /mnt/<name>', async () => {
    visit('/storage/7', detail, { backend: 'lxd', shown: volume({ name: 'Data disk' }) });
    const help = await screen.findByRole('group', { name: 'Use it in the VM' });
    await waitFor(() => expect(within(help).getByText('/mnt/Data-disk')).toBeTruthy());
    expect(within(help).queryByText(/lsblk/)).toBeNull();
  });

  it("attaches a free volume of the VM's site from the VM's Volumes tab", async () => {
    const user = userEvent.setup();
    const post = vi.fn().mockResolvedValue({ task_id: 11 });
    visit('/compute/5', vmVolumes, {
      post,
      allVolumes: [
        volume({ id: 7, name: 'data-1' }),
        volume({ id: 8, name: 'elsewhere', location: 'FRA1' }),
        volume({
          id: 9,
          name: 'taken',
          state: 'in-use',
          attached_vm: { id: 6, display_name: 'db' },
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Attach a volume' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Attach a volume to web-01' });
    await user.click(within(dialog).getByRole('button', { name: 'Attach' }));
    expect(await within(dialog).findByText('Choose a volume.')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /^Volume/ }));
    expect(screen.queryByRole('option', { name: /elsewhere/ })).toBeNull();
    expect(screen.queryByRole('option', { name: /taken/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'data-1 (100 GB)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Attach' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/services/storage/7/attach', { vm_id: 5 }),
    );
  });

  it("detaches an attached volume from the VM's Volumes tab, after confirming", async () => {
    const user = userEvent.setup();
    const post = vi.fn().mockResolvedValue({ task_id: 12 });
    visit('/compute/5', vmVolumes, {
      post,
      attachedToVm: [volume({ state: 'in-use', attached_vm: { id: 5, display_name: 'web-01' } })],
    });
    await user.click(await screen.findByRole('button', { name: 'Detach data-1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Detach data-1 from web-01?' });
    await user.click(within(dialog).getByRole('button', { name: 'Detach' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/services/storage/7/detach'));
  });

  it('shows the bytes used where the site counts them', async () => {
    visit('/storage/7', detail, { shown: volume({ used_bytes: 2_500_000_000 }) });
    expect(await screen.findByText('2.5 GB')).toBeTruthy();
  });
});
