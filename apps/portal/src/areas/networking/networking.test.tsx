import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiClient } from '@portal/api/client';
import { permissionsOnAllAreas, type NetworkDetail, type Topology } from '@portal/api/contract';
import type { IdentityService } from '@portal/api/identity';
import { QueryClientProvider } from '@tanstack/react-query';
import { LinkProvider, ThemeProvider } from '@portal/ui';
import { createQueryClient } from '../../kit/query.ts';
import { resourceBusy } from '../../kit/useTaskAction.ts';
import { provideServices, session } from '../../services.ts';
import { createCurrentUserCache } from '../../state/currentUser.ts';
import { tasks } from '../../state/tasks.ts';
import { memoryRouter } from '../../test-router.tsx';
import { NetworkingDetailPage } from './NetworkingDetailPage.tsx';
import { topologyGraph } from './topology.ts';

const NETWORK: NetworkDetail = {
  id: 1001,
  name: 'web',
  location: 'AMS1',
  vlan_id: 610,
  cidr: '10.61.0.0/24',
  gateway_address: '10.61.0.1',
  dhcp_start: '10.61.0.10',
  dhcp_end: '10.61.0.254',
  dns_servers: ['1.1.1.1'],
  gateway_id: 1001,
  state: 'active',
  vm_count: 1,
  task_id: null,
  created_at: '2026-11-24T03:00:00Z',
  ports: [
    { vm_id: 7, display_name: 'web-01', power_state: 'poweredOff', adapter: 0, ip: '10.61.0.10' },
  ],
};

function withApi(network: NetworkDetail, patch = vi.fn(async () => ({ task_id: 3 }))) {
  session.user = {
    email: 'acme@portal.test',
    tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
    role: { name: 'Operator', builtin: false, permissions: permissionsOnAllAreas('manage') },
  };
  const api = {
    get: vi.fn(async (path: string) => {
      if (path === '/services/networking/1001') return network;
      if (path.startsWith('/services/task/')) return { state: 'RUNNING', message: '' };
      throw new Error(`unexpected GET ${path}`);
    }),
    patch,
    delete: vi.fn(),
  } as unknown as ApiClient;
  provideServices({
    identity: {} as IdentityService,
    api,
    currentUser: createCurrentUserCache({ fetchUser: vi.fn(), onChange: () => undefined }),
  });
  return { patch };
}

function visit(path: string) {
  const { element, router } = memoryRouter(
    [
      { path: '/networking/:id', element: <NetworkingDetailPage /> },
      { path: '/networking', element: <p>list</p> },
    ],
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

describe('network detail page', () => {
  afterEach(() => {
    tasks.stopAll();
    for (const key of Object.keys(resourceBusy)) delete resourceBusy[key];
    session.user = null;
  });

  it('lists the attached VMs and refuses deletion with a sentence while they are there', async () => {
    withApi(NETWORK);
    visit('/networking/1001');
    expect(await screen.findByRole('heading', { level: 1, name: /^web/ })).toBeTruthy();
    const row = screen.getByRole('row', { name: /web-01/ });
    expect(row.textContent).toContain('10.61.0.10');
    const remove = screen.getByRole('button', { name: 'Delete network' });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText(
        'The network web cannot be deleted while 1 virtual machine is attached; move them to another network first.',
      ),
    ).toBeTruthy();
  });

  it('sends a DHCP and DNS change as a task', async () => {
    const { patch } = withApi({ ...NETWORK, vm_count: 0, ports: [] });
    visit('/networking/1001');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit DHCP and DNS' }));
    const dns = screen.getByRole('textbox', { name: 'DNS servers' });
    await user.clear(dns);
    await user.type(dns, '9.9.9.9, 1.0.0.1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/services/networking/1001', {
        dhcp_start: '10.61.0.10',
        dhcp_end: '10.61.0.254',
        dns_servers: ['9.9.9.9', '1.0.0.1'],
      }),
    );
  });
});

describe('topologyGraph', () => {
  const topology: Topology = {
    gateways: [
      {
        id: 1001,
        name: 'ams1-edge',
        location: 'AMS1',
        external_address: '203.0.113.4',
        snat: true,
        state: 'down',
        network_count: 1,
        created_at: '2026-11-24T03:00:00Z',
      },
    ],
    networks: [
      NETWORK,
      { ...NETWORK, id: 1002, name: 'tokyo', location: 'TYO1', gateway_id: null },
    ],
    vms: [
      {
        id: 7,
        display_name: 'web-01',
        location: 'AMS1',
        power_state: 'poweredOff',
        ports: [{ network_id: 1001, ip: '10.61.0.10' }],
      },
    ],
    addresses: [
      {
        id: 1001,
        address: '198.18.0.9',
        global_ipaddress_id: 9,
        location: 'AMS1',
        gateway_id: 1001,
        state: 'allocated',
        managed: true,
        nat: { id: 4, vm_id: 7, display_name: 'web-01', private_ip: '10.61.0.10' },
        created_at: '2026-11-24T03:00:00Z',
      },
    ],
  };

  it('draws internet → gateway → network → VM, the public address on the VM edge', () => {
    const { nodes, edges } = topologyGraph(topology, null);
    expect(nodes.map((node) => node.id)).toEqual(['internet', 'g1001', 'n1001', 'n1002', 'v7']);
    expect(edges.map((edge) => `${edge.source}>${edge.target}`)).toEqual([
      'internet>g1001',
      'g1001>n1001',
      'n1001>v7',
    ]);
    expect(edges.at(-1)?.label).toBe('198.18.0.9');
    expect(nodes.find((node) => node.id === 'g1001')?.status).toEqual({
      tone: 'error',
      label: 'Down',
    });
    expect(nodes.find((node) => node.id === 'v7')?.status?.tone).toBe('neutral');
  });

  it('filters by location', () => {
    const { nodes } = topologyGraph(topology, 'TYO1');
    expect(nodes.map((node) => node.id)).toEqual(['internet', 'n1002']);
  });
});
