import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '@portal/api/client';
import { permissionsOnAllAreas, type CurrentUser } from '@portal/api/contract';
import type { IdentityService } from '@portal/api/identity';
import { LinkProvider, ThemeProvider } from '@portal/ui';
import { createQueryClient } from '../../../kit/query.ts';
import { resourceBusy } from '../../../kit/useTaskAction.ts';
import { provideServices, session } from '../../../services.ts';
import { appState } from '../../../state/app.ts';
import { createCurrentUserCache } from '../../../state/currentUser.ts';
import { tasks } from '../../../state/tasks.ts';
import { makeVm } from '../../../kit/vm/vm.fixture.ts';
import { ComputeDetailPage } from './ComputeDetailPage.tsx';
import { memoryRouter } from '../../../test-router.tsx';

// Standard 2 allows 8 vCPUs and 32 GB; the VM has 2 and 4 GB, powered on.
const VM = makeVm({ id: 5 });

const USER: CurrentUser = {
  email: 'acme@portal.test',
  tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
  role: { name: 'Operator', builtin: false, permissions: permissionsOnAllAreas('manage') },
};

type Send = ReturnType<typeof vi.fn>;

/** The API boundary, stubbed: the dialogs' behaviour is what is tested. */
function visit(
  path: string,
  {
    post = vi.fn(),
    patch = vi.fn(),
    put = vi.fn(),
    vm = VM,
  }: { post?: Send; patch?: Send; put?: Send; vm?: typeof VM },
) {
  session.user = USER;
  const api = {
    get: vi.fn(async (url: string) => {
      if (url === '/services/compute/5') return vm;
      if (url === '/services/eseries/5/snapshot') return [];
      if (url.startsWith('/services/eseries/task_status/'))
        return { state: 'RUNNING', message: '' };
      if (url === '/services/eseries/catalogue')
        return { regions: [], plans: [], images: [], media: [], disk: { min_gb: 10, max_gb: 100 } };
      throw new Error(`unexpected GET ${url}`);
    }),
    post,
    patch,
    put,
  } as unknown as ApiClient;
  provideServices({
    identity: {} as IdentityService,
    api,
    currentUser: createCurrentUserCache({ fetchUser: vi.fn(), onChange: () => undefined }),
  });
  const { element, router } = memoryRouter(
    [{ path: '/compute/:id', element: <ComputeDetailPage /> }],
    path,
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider>
        <LinkProvider navigate={(href) => void router.navigate(href)}>{element}</LinkProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

/** What a control is described by: its help and, once there is one, its error. */
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const badRequest = (field: string, reason: string) =>
  new ApiError(`${field}: ${reason}`, 400, { message: `${field}: ${reason}`, field }, field);

async function pick(user: UserEvent, scope: HTMLElement, field: string, option: string) {
  within(scope)
    .getByRole('combobox', { name: new RegExp(`^${field}`) })
    .focus();
  await user.keyboard('{ArrowDown}');
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

describe('VM detail dialogs', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    appState.snackbar = { message: '', color: 'info', show: false };
  });
  afterEach(() => {
    tasks.stopAll();
    for (const key of Object.keys(resourceBusy)) delete resourceBusy[key];
    session.user = null;
    vi.restoreAllMocks();
  });

  it('rename: puts a 400 at the name field, and says it only there', async () => {
    const user = userEvent.setup();
    const patch = vi
      .fn()
      .mockRejectedValueOnce(badRequest('data.display_name', 'is already used'))
      .mockResolvedValueOnce({ task_id: 8 });
    visit('/compute/5', { patch });
    await user.click(await screen.findByRole('button', { name: 'More actions for web-01' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename web-01' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });

    // the current name is refused before any request
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(describedBy(name)).toContain('This is the current name: type a new one.'),
    );
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(describedBy(name)).toContain('Enter a name for the virtual machine.'),
    );
    // a character the platform refuses is named, as in the wizard
    await user.type(name, 'web/02');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(describedBy(name)).toContain('(not /).'));
    expect(patch).not.toHaveBeenCalled();
    await user.clear(name);

    await user.type(name, 'web-02');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(patch).toHaveBeenCalledWith('/services/eseries/5', {
      operation: 'update',
      data: { display_name: 'web-02' },
    });
    await waitFor(() => expect(describedBy(name)).toContain('Is already used.'));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(appState.snackbar.show).toBe(false);

    await user.clear(name);
    await user.type(name, 'web-03');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(tasks.isTracking(8)).toBe(true);
  });

  it("resize: refuses beyond the plan in place, with the domain's sentence, before any request", async () => {
    const user = userEvent.setup();
    const patch = vi.fn(async () => ({ task_id: 9 }));
    visit('/compute/5', { patch });
    await user.click(await screen.findByRole('button', { name: 'Resize' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resize web-01' });
    const vcpus = within(dialog).getByRole('spinbutton', { name: /^vCPUs/ });
    await user.clear(vcpus);
    await user.type(vcpus, '16');
    await user.click(within(dialog).getByRole('button', { name: 'Resize' }));
    await waitFor(() =>
      expect(describedBy(vcpus)).toContain('The plan Standard 2 allows at most 8 vCPUs.'),
    );
    expect(vcpus.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(vcpus));
    expect(patch).not.toHaveBeenCalled();

    await user.clear(vcpus);
    await user.type(vcpus, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Resize' }));
    expect(patch).toHaveBeenCalledWith('/services/eseries/5/instance', { vcpus: 4, memoryGB: 4 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('snapshot create: asks for the name in place, then sends the body', async () => {
    const user = userEvent.setup();
    const post = vi.fn(async () => ({ task_id: 10 }));
    visit('/compute/5?tab=snapshots', { post });
    await user.click(await screen.findByRole('button', { name: 'Create snapshot' }));
    const dialog = await screen.findByRole('dialog', { name: /Create a snapshot/ });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(describedBy(name)).toContain('Name is required.'));
    expect(post).not.toHaveBeenCalled();

    await user.type(name, 'before upgrade');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'clean');
    await user.click(within(dialog).getByRole('checkbox', { name: /Include the memory/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(post).toHaveBeenCalledWith('/services/eseries/5/snapshot', {
      snap_op: 'CreateSnapshot',
      name: 'before upgrade',
      description: 'clean',
      power_state: true,
      quiesced: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('firewall rule: puts a 400 at the field it names, and says it only there', async () => {
    const user = userEvent.setup();
    const post = vi.fn().mockRejectedValueOnce(badRequest('source', 'overlaps rule 3'));
    visit('/compute/5?tab=network', { post });
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a firewall rule to web-01' });
    await user.click(within(dialog).getByRole('radio', { name: /Incoming/ }));
    await pick(user, dialog, 'Protocol', 'TCP');
    await user.type(within(dialog).getByRole('textbox', { name: /^Ports/ }), '443');
    const source = within(dialog).getByRole('textbox', { name: /^Source/ });
    await user.type(source, '203.0.113.0/24');
    await user.type(within(dialog).getByRole('textbox', { name: /^Destination/ }), '10.0.0.5/32');
    await user.click(within(dialog).getByRole('radio', { name: /^Allow/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));

    expect(post).toHaveBeenCalledWith('/services/eseries/5/firewall_rule', {
      direction: 'ingress',
      protocol: 'tcp',
      ports: '443',
      source: '203.0.113.0/24',
      destination: '10.0.0.5/32',
      action: 'allow',
      description: '',
    });
    await waitFor(() => expect(describedBy(source)).toContain('Overlaps rule 3.'));
    await waitFor(() => expect(document.activeElement).toBe(source));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(appState.snackbar.show).toBe(false);
    // Typing five fields takes more than the default 5 s when the whole suite shares two cores.
  }, 15_000);

  it('NAT: names the gateway, and removing an entry says "Remove" (the call stays status cancel)', async () => {
    const put = vi.fn(async () => ({ task_id: 77 }));
    visit('/compute/5?tab=network', {
      put,
      vm: makeVm({
        id: 5,
        nat: [
          {
            id: 4,
            gateway_id: 1002,
            gateway_name: 'ams1-edge',
            global_ipaddress_id: 500,
            global_ipaddress: '203.0.113.50',
            status: 'active',
            task_data: { id: null },
          },
        ],
      }),
    });
    const table = await screen.findByRole('grid', { name: /NAT entries of/ });
    expect(within(table).getByText('ams1-edge')).toBeTruthy();
    expect(within(table).queryByText('Gateway 1002')).toBeNull();
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Remove NAT 203.0.113.50' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Remove the NAT of 203.0.113.50?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Remove NAT' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/services/eseries/5/nat/4', { status: 'cancel' }),
    );
  });
});
