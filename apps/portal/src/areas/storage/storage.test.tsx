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
  route: { path: string; element: ReactElement },
  {
    shown = volume(),
    post = vi.fn(),
    patch = vi.fn(),
  }: { shown?: Volume; post?: Send; patch?: Send },
) {
  session.user = USER;
  const api = {
    get: vi.fn(async (url: string) => {
      if (url === '/services/storage/7') return shown;
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
          regions: [{ id: 'eu', name: 'Europe', sites: [{ location: 'AMS1' }] }],
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
  const { element, router } = memoryRouter([route], path);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider>
        <LinkProvider navigate={(href) => void router.navigate(href)}>{element}</LinkProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

const detail = { path: '/storage/:id', element: <StorageDetailPage /> };
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
});
