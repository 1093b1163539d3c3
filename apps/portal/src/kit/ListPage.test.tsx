import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider, type DataTableColumn } from '@portal/ui';
import { createQueryClient } from './query.ts';
import type { PageReply } from '@portal/api/client';
import {
  ListPage,
  PAGE_SIZE,
  PAGED_FROM,
  SERVER_SEARCH_DELAY_MS,
  isServerSized,
  type ListPageProps,
  type PageRequest,
} from './ListPage.tsx';
import { columnsStorageKey } from './useStoredColumns.ts';
import { URL_DELAY_MS } from './prevSearch.ts';
import { memoryRouter } from '../test-router.tsx';

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

function setup(
  path: string,
  rows: Server[] | Error = ROWS,
  extra: Partial<ListPageProps<Server>> = {},
) {
  const queryFn = vi.fn(async () => {
    if (rows instanceof Error) throw rows;
    return rows;
  });
  const { element, router } = memoryRouter(
    [
      {
        path: '/servers',
        element: (
          <ListPage<Server>
            listId="servers"
            title="Servers"
            noun={{ one: 'server', other: 'servers' }}
            query={{ queryKey: ['servers'], queryFn, retry: false }}
            columns={COLUMNS}
            defaultSorting={{ id: 'name' }}
            rowHref={(row) => `/servers/${row.id}`}
            {...extra}
          />
        ),
      },
      { path: '/servers/:id', element: <p>Server page</p> },
    ],
    path,
  );
  const { unmount } = render(
    <ThemeProvider>
      <QueryClientProvider client={createQueryClient()}>{element}</QueryClientProvider>
    </ThemeProvider>,
  );
  return { router, queryFn, unmount, user: userEvent.setup() };
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

  it('names the table, the search box and the rows by themselves when not told otherwise', async () => {
    setup('/servers', ROWS, {
      rowActions: () => [{ id: 'open', label: 'Open', onSelect: () => undefined }],
    });
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(screen.getByRole('grid', { name: 'Servers' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search servers' })).toBeTruthy();
    // a row's name is its `name`
    expect(screen.getByRole('button', { name: 'Actions for db-01' })).toBeTruthy();
  });

  it('keeps the search in the URL and carries it to the row page', async () => {
    const { router, user } = setup('/servers');
    await waitFor(() => expect(names()).toHaveLength(3));
    await user.type(screen.getByRole('searchbox', { name: 'Search servers' }), 'db');
    await waitFor(() => expect(router.location.search).toBe('?prevSearch=db'));
    await user.click(screen.getByRole('gridcell', { name: 'db-01' }));
    await waitFor(() => expect(router.location.pathname).toBe('/servers/3'));
    expect(router.location.search).toBe('?prevSearch=db');
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
    first.unmount();
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

/** A server's list of `count` rows, paged as the API pages: `limit`, `cursor`, `sort`, `q`. */
function pagedServer(count: number) {
  const all: Server[] = Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `row-${String(index + 1).padStart(4, '0')}`,
    site: index % 2 ? 'AMS1' : 'FRA1',
  }));
  const fetchPage = vi.fn(async (request: PageRequest): Promise<PageReply<Server>> => {
    const q = request.q?.toLowerCase() ?? '';
    const matched = all.filter((row) => !q || `${row.name} ${row.site}`.toLowerCase().includes(q));
    const desc = request.sort?.startsWith('-') ?? false;
    const key = request.sort?.replace(/^-/, '') === 'site' ? 'site' : 'name';
    matched.sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.id - b.id));
    if (desc) matched.reverse();
    const from = request.cursor ? Number(request.cursor) : 0;
    const data = matched.slice(from, from + request.limit);
    const next = from + request.limit < matched.length ? String(from + request.limit) : null;
    return { data, page: { next_cursor: next, total: matched.length } };
  });
  return { all, fetchPage };
}

function setupPaged(count: number, path = '/servers', { pagesFail = false, typingDelay = 0 } = {}) {
  const { all, fetchPage } = pagedServer(count);
  if (pagesFail) fetchPage.mockRejectedValue(new Error('No pages here'));
  const queryFn = vi.fn(async () => all);
  const { element, router } = memoryRouter(
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
            paged={{ queryKey: ['servers'], fetchPage, sorts: ['name'] }}
            columns={COLUMNS}
            getRowId={(row) => String(row.id)}
            getRowLabel={(row) => row.name}
            defaultSorting={{ id: 'name' }}
          />
        ),
      },
    ],
    path,
  );
  render(
    <ThemeProvider>
      <QueryClientProvider client={createQueryClient()}>{element}</QueryClientProvider>
    </ThemeProvider>,
  );
  return { router, queryFn, fetchPage, user: userEvent.setup({ delay: typingDelay }) };
}

describe('ListPage with a paged source', () => {
  beforeEach(() => {
    // happy-dom has no layout: a scroll area's box, so the virtualized body renders rows.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(480);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(480);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(1024);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 1024, height: 480 }),
    );
    localStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('switches at PAGED_FROM rows', () => {
    expect(isServerSized(PAGED_FROM)).toBe(false);
    expect(isServerSized(PAGED_FROM + 1)).toBe(true);
  });

  it('below the threshold reads the whole list and searches it in the browser', async () => {
    const { queryFn, fetchPage, user } = setupPaged(PAGED_FROM);
    await screen.findByRole('grid', { name: 'Servers' });
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    await user.type(screen.getByRole('searchbox', { name: 'Search servers' }), 'row-0007');
    await waitFor(() => expect(names()).toEqual(['row-0007']));
    // Only the first page was asked of the paged form: its total told the size.
    expect(fetchPage.mock.calls.map(([request]) => request)).toEqual([
      { limit: PAGE_SIZE, sort: 'name' },
    ]);
  });

  it('whose first page goes unanswered reads the whole list, and keeps to it while searching', async () => {
    // Typed slower than the server search's and the URL's delays, as on a busy machine: each
    // letter would ask for pages again, and the page fell back to its skeleton between letters,
    // taking the search box (and the letters typed next) with it.
    const slow = SERVER_SEARCH_DELAY_MS + URL_DELAY_MS + 50;
    const { queryFn, fetchPage, router, user } = setupPaged(12, '/servers', {
      pagesFail: true,
      typingDelay: slow,
    });
    await screen.findByRole('grid', { name: 'Servers' });
    await waitFor(() => expect(names()).toHaveLength(12));
    const box = screen.getByRole('searchbox', { name: 'Search servers' });
    await user.type(box, 'row-0007');
    expect(screen.getByRole('searchbox', { name: 'Search servers' })).toBe(box);
    expect(document.activeElement).toBe(box);
    expect(box).toHaveProperty('value', 'row-0007');
    await waitFor(() => expect(names()).toEqual(['row-0007']));
    await waitFor(() => expect(router.location.search).toBe('?prevSearch=row-0007'));
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(queryFn).toHaveBeenCalledTimes(1);
  }, 20_000);

  it('above it reads pages: the server searches (kept in the URL) and sorts', async () => {
    const { queryFn, fetchPage, router, user } = setupPaged(PAGED_FROM + 100);
    await screen.findByRole('grid', { name: 'Servers' });
    await waitFor(() => expect(fetchPage).toHaveBeenCalledWith({ limit: PAGE_SIZE, sort: 'name' }));
    await waitFor(() => expect(names()[0]).toBe('row-0001'));
    expect(queryFn).not.toHaveBeenCalled();

    await user.type(screen.getByRole('searchbox', { name: 'Search servers' }), 'row-055');
    await waitFor(() =>
      expect(fetchPage).toHaveBeenCalledWith({ limit: PAGE_SIZE, sort: 'name', q: 'row-055' }),
    );
    await waitFor(() => expect(names()).toHaveLength(10));
    await waitFor(() => expect(router.location.search).toBe('?prevSearch=row-055'));
    // Typing faster than the delay asks once, for what was typed.
    expect(fetchPage.mock.calls.filter(([request]) => request.q === 'row-05')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() =>
      expect(fetchPage).toHaveBeenCalledWith({ limit: PAGE_SIZE, sort: '-name', q: 'row-055' }),
    );
    await waitFor(() => expect(names()[0]).toBe('row-0559'));
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('above it exports every page of the search', async () => {
    let written: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      written = blob as Blob;
      return 'blob:servers';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { fetchPage, user } = setupPaged(3000, '/servers?prevSearch=AMS1');
    await waitFor(() => expect(names()[0]).toBe('row-0002'));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(written).toBeDefined());
    const lines =
      (await written?.text())
        ?.replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n') ?? [];
    expect(lines).toHaveLength(1 + 1500);
    expect(lines[1]).toBe('row-0002,AMS1');
    expect(fetchPage).toHaveBeenCalledWith({ limit: 1000, sort: 'name', q: 'AMS1' });
    // Opened with a search: one row of the whole list told the size first.
    expect(fetchPage.mock.calls[0]?.[0]).toEqual({ limit: 1 });
  });
});
