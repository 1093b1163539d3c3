import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider, type DataTableColumn } from '@portal/ui';
import { createQueryClient } from './query.ts';
import { ListPage } from './ListPage.tsx';
import { columnsStorageKey } from './useStoredColumns.ts';

interface Server {
  id: number;
  name: string;
  site: string;
}

const ROWS: Server[] = [
  { id: 1, name: 'web-01', site: 'AMS1' },
  { id: 2, name: 'web-02', site: 'FRA1' },
  { id: 3, name: 'db-01', site: 'AMS1' },
];

const COLUMNS: DataTableColumn<Server>[] = [
  { id: 'name', header: 'Name', accessor: 'name', hideable: false },
  { id: 'site', header: 'Site', accessor: 'site' },
];

function setup(path: string, rows: Server[] | Error = ROWS) {
  const queryFn = vi.fn(async () => {
    if (rows instanceof Error) throw rows;
    return rows;
  });
  const router = createMemoryRouter(
    [
      {
        path: '/servers',
        element: (
          <ListPage<Server>
            listId="servers"
            title="Servers"
            tableLabel="Servers"
            searchLabel="Search servers"
            noun={{ one: 'server', other: 'servers' }}
            query={{ queryKey: ['servers'], queryFn, retry: false }}
            columns={COLUMNS}
            getRowId={(row) => String(row.id)}
            getRowLabel={(row) => row.name}
            defaultSorting={{ id: 'name' }}
            rowHref={(row) => `/servers/${row.id}`}
          />
        ),
      },
      { path: '/servers/:id', element: <p>Server page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <ThemeProvider>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { router, queryFn, user: userEvent.setup() };
}

const names = () =>
  within(screen.getByRole('grid', { name: 'Servers' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('gridcell')[0]?.textContent);

describe('ListPage', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows a skeleton first, then the rows filtered by prevSearch from the URL', async () => {
    setup('/servers?prevSearch=web');
    expect(screen.getByText('Loading servers')).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['web-01', 'web-02']));
    expect(screen.getByRole('searchbox', { name: 'Search servers' })).toHaveProperty(
      'value',
      'web',
    );
  });

  it('keeps the search in the URL and carries it to the row page', async () => {
    const { router, user } = setup('/servers');
    await waitFor(() => expect(names()).toHaveLength(3));
    await user.type(screen.getByRole('searchbox', { name: 'Search servers' }), 'db');
    await waitFor(() => expect(router.state.location.search).toBe('?prevSearch=db'));
    await user.click(screen.getByRole('gridcell', { name: 'db-01' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/servers/3'));
    expect(router.state.location.search).toBe('?prevSearch=db');
  });

  it('exports the filtered rows as CSV', async () => {
    let written: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      written = blob as Blob;
      return 'blob:servers';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { user } = setup('/servers?prevSearch=AMS1');
    await waitFor(() => expect(names()).toEqual(['db-01', 'web-01']));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(written).toBeDefined();
    const text = (await written?.text())?.replace(/^\uFEFF/, '');
    expect(text).toBe('Name,Site\r\ndb-01,AMS1\r\nweb-01,AMS1\r\n');
  });

  it('remembers which columns show', async () => {
    const first = setup('/servers');
    await waitFor(() => expect(names()).toHaveLength(3));
    await first.user.click(screen.getByRole('button', { name: 'Columns' }));
    await first.user.click(
      within(screen.getByRole('group', { name: 'Show columns' })).getByRole('checkbox', {
        name: 'Site',
      }),
    );
    expect(screen.queryByRole('columnheader', { name: 'Site' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(columnsStorageKey('servers')) ?? '{}')).toMatchObject({
      site: false,
    });
    first.router.dispose();
    document.body.innerHTML = '';

    setup('/servers');
    await waitFor(() => expect(screen.getAllByRole('columnheader').length).toBeGreaterThan(0));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Site' })).toBeNull();
  });

  it('says why the rows could not be read', async () => {
    setup('/servers', new Error('The service is down.'));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('The service is down.'),
    );
  });
});
