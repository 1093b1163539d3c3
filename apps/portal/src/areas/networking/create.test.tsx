import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsOnAllAreas } from '@portal/api/contract';
import { session } from '../../services.ts';
import { renderPages } from '../../test-pages.tsx';
import { NetworkingCreatePage } from './NetworkingCreatePage.tsx';

describe('network creation wording', () => {
  it('speaks of networks, never of VMware\'s "portgroup"', async () => {
    session.user = {
      email: 'acme@portal.test',
      tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
      role: { name: 'Operator', builtin: false, permissions: permissionsOnAllAreas('manage') },
    };
    const get = vi.fn(async (path: string) => {
      if (path === '/services/networking/gateways') return [];
      if (path === '/services/eseries/catalogue')
        return { regions: [], plans: [], images: [], media: [], disk: { min_gb: 10, max_gb: 100 } };
      throw new Error(`unexpected GET ${path}`);
    });
    renderPages(
      [{ path: '/networking/create', element: <NetworkingCreatePage /> }],
      '/networking/create',
      {
        api: { get },
      },
    );
    expect(await screen.findByRole('heading', { name: 'Create a network' })).toBeTruthy();
    expect(
      screen.getByText('A network your virtual machines can use once it is ready.'),
    ).toBeTruthy();
    expect(document.body.textContent ?? '').not.toMatch(/portgroup/i);
  });
});

describe('network wizard checks where the user is', () => {
  const USAGE = {
    location: 'AMS1',
    used: [{ name: 'ams1-frontend', location: 'AMS1', vlan_id: 100, cidr: '10.100.0.0/24' }],
    free_vlan: 101,
  };

  function open() {
    session.user = {
      email: 'acme@portal.test',
      tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
      role: { name: 'Operator', builtin: false, permissions: permissionsOnAllAreas('manage') },
    };
    const get = vi.fn(async (path: string, options?: { searchParams?: URLSearchParams }) => {
      if (path === '/services/networking/gateways')
        return [
          {
            id: 1,
            name: 'ams1-edge',
            location: 'AMS1',
            external_address: '203.0.113.1',
            snat: true,
            state: 'active',
            network_count: 1,
            created_at: '2026-11-24T03:00:00.000Z',
          },
        ];
      if (path === '/services/eseries/catalogue')
        return {
          regions: [{ id: 'eu', name: 'Europe', sites: [{ location: 'AMS1' }] }],
          plans: [],
          images: [],
          media: [],
          disk: { min_gb: 10, max_gb: 100 },
        };
      if (path === '/services/networking/usage') {
        expect(options?.searchParams?.get('location')).toBe('AMS1');
        return USAGE;
      }
      throw new Error(`unexpected GET ${path}`);
    });
    const post = vi.fn(async () => ({ task_id: 70, id: 12 }));
    renderPages(
      [{ path: '/networking/create', element: <NetworkingCreatePage /> }],
      '/networking/create',
      { api: { get, post } },
    );
    return { get, post, user: userEvent.setup() };
  }

  it(
    'suggests a free VLAN, refuses a used VLAN and an overlapping range on the addressing step, and sums up gateway and DNS',
    { timeout: 30_000 },
    async () => {
      const { post, user } = open();
      // The same frame as the other wizards: a back button to the list in the header.
      expect(await screen.findByRole('link', { name: /Networking/ })).toBeTruthy();
      await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'ams1-backend');
      await user.click(screen.getByRole('combobox', { name: /^Location/ }));
      await user.click(await screen.findByRole('option', { name: 'AMS1' }));
      await user.click(screen.getByRole('button', { name: 'Next' }));
      const vlan = await screen.findByRole('textbox', { name: /^VLAN id/ });
      // The site's first free VLAN is offered.
      await waitFor(() => expect((vlan as HTMLInputElement).value).toBe('101'));
      expect(document.body.textContent).toContain('VLAN 101 is free at AMS1.');
      await user.clear(vlan);
      await user.type(vlan, '100');
      await user.type(screen.getByRole('textbox', { name: /^IPv4 network/ }), '10.100.0.128/25');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      // Still on the addressing step, each field saying why.
      expect(
        await screen.findByText(
          'VLAN 100 is already used at AMS1 by the network ams1-frontend. VLAN 101 is free.',
        ),
      ).toBeTruthy();
      expect(
        screen.getByText(
          '10.100.0.128/25 overlaps 10.100.0.0/24 of the network ams1-frontend at AMS1.',
        ),
      ).toBeTruthy();
      expect(screen.getByRole('textbox', { name: /^VLAN id/ })).toBeTruthy();
      await user.clear(screen.getByRole('textbox', { name: /^VLAN id/ }));
      await user.type(screen.getByRole('textbox', { name: /^VLAN id/ }), '101');
      const cidr = screen.getByRole('textbox', { name: /^IPv4 network/ });
      await user.clear(cidr);
      await user.type(cidr, '10.20.0.0/24');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await user.click(await screen.findByRole('combobox', { name: /^Gateway/ }));
      await user.click(await screen.findByRole('option', { name: 'ams1-edge (203.0.113.1)' }));
      await user.click(screen.getByRole('button', { name: 'Next' }));
      // The summary names the gateway address and the resolvers, not only VLAN and range.
      const summary = await screen.findByText('Gateway address');
      const text = summary.closest('dl')?.textContent ?? document.body.textContent ?? '';
      expect(text).toContain('10.20.0.1');
      expect(text).toContain('1.1.1.1, 9.9.9.9');
      expect(text).toContain('Through ams1-edge');
      await user.click(screen.getByRole('button', { name: 'Create network' }));
      await waitFor(() =>
        expect(post).toHaveBeenCalledWith(
          '/services/networking',
          expect.objectContaining({ vlan_id: 101, cidr: '10.20.0.0/24', gateway_id: 1 }),
        ),
      );
    },
  );
});
