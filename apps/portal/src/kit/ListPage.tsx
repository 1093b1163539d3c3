// The list page every area uses: header, search kept in the URL as `prevSearch`, filters and
// sorting (DataTable), a row action menu, bulk actions behind a confirmation, CSV export of the
// filtered rows, remembered columns, skeleton / empty / error states, cards at phone width.
import { Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyNamed } from './area.tsx';
import { useNavigate } from 'react-router-dom';
import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { PageReply } from '@portal/api/client';
import styled from 'styled-components';
import { mdiDownload, mdiRefresh } from '@mdi/js';
import {
  Button,
  DataTable,
  PageHeader,
  Skeleton,
  SkeletonGroup,
  type DataTableColumn,
  type DataTableHandle,
  type DataTableRowAction,
  type DataTableSort,
} from '@portal/ui';
import { shouldRetry } from './query.ts';
import { queryErrorText } from './queryError.ts';
import { useUrlSearch, withPrevSearch } from './prevSearch.ts';
import { useStoredColumns } from './useStoredColumns.ts';
import { useDebounced } from './useDebounced.ts';
import { useBusyRowIds } from './useTaskAction.ts';
import { PendingCreations } from './PendingCreations.tsx';

// The confirmation (a Radix dialog with focus trap and scroll lock) is fetched when rows are first
// selected, not with the list: a list is often the first page after sign-in.
const loadConfirmDialog = () => import('@portal/ui/ConfirmDialog');
const ConfirmDialog = lazyNamed(loadConfirmDialog, 'ConfirmDialog');

/** Above this many rows the list scrolls in one virtualized body instead of pages. */
export const VIRTUALIZE_FROM = 100;
/** Above this many rows (the first page's `total`) search and sort go to the server, page by page. */
export const PAGED_FROM = 500;
/** Rows per page read from the server, and per page of the CSV export's reads. */
export const PAGE_SIZE = 100;
const EXPORT_PAGE_SIZE = 1000;
/** How long typing must pause before the server is asked. */
export const SERVER_SEARCH_DELAY_MS = 150;

/** Whether a list of `total` rows is searched and sorted by the server. */
export const isServerSized = (total: number) => total > PAGED_FROM;

/** One page asked for: `sort` is a column id, `-id` for descending. */
export interface PageRequest {
  limit: number;
  cursor?: string;
  sort?: string;
  q?: string;
}

/** How a long list is read a page at a time (the list path with `limit`, `cursor`, `sort`, `q`). */
export interface ListPaged<T> {
  /**
   * The pages are kept under this key; by default the whole list's (`query`'s), so invalidating
   * the list reads its pages again.
   */
  queryKey?: QueryKey;
  fetchPage: (request: PageRequest) => Promise<PageReply<T>>;
  /** The column ids the server can sort by; the other columns are not sortable then. */
  sorts: readonly string[];
  /**
   * Searched and sorted by the server whatever the list's size: where an export made by the
   * server must find exactly the rows the table shows (the audit log).
   */
  always?: boolean;
}
const NAMES_SHOWN = 8;

/** How the list names one and several of its rows: "virtual machine", "virtual machines". */
export interface Noun {
  one: string;
  other: string;
}

const counted = (noun: Noun, n: number) => `${n} ${n === 1 ? noun.one : noun.other}`;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An action on the selected rows, confirmed in a dialog that names them. */
export interface ListBulkAction<T extends object> {
  id: string;
  /** A verb, on the button and the confirmation: "Power off". */
  label: string;
  /** `danger` for what cannot be undone; the button is then outlined. */
  tone?: 'primary' | 'danger';
  /** The rows it applies to; the others are skipped, with `skipReason`. Defaults to all. */
  applies?: (row: T) => boolean;
  /** Why a selected row is left out: "already off, or busy with another task". */
  skipReason?: string;
  /** What happens, for how many rows. */
  consequence?: (count: number) => string;
  /** Why the action is unavailable (a role that may only look): disabled with this reason. */
  disabledReason?: string;
  /** Does the work on the rows it applies to; the dialog closes when it resolves. */
  run: (rows: T[]) => Promise<unknown>;
}

/**
 * How the list tells its rows apart and names them (the bulk confirmation lists the names). Rows
 * with an `id` and a `name` need neither: those are the defaults.
 */
type RowNaming<T> = ([T] extends [{ id: number | string }]
  ? { getRowId?: (row: T) => string }
  : { getRowId: (row: T) => string }) &
  ([T] extends [{ name: string }]
    ? { getRowLabel?: (row: T) => string }
    : { getRowLabel: (row: T) => string });

const rowIdOf = (row: object) => String((row as { id?: unknown }).id);
const rowNameOf = (row: object) => String((row as { name?: unknown }).name);

export type ListPageProps<T extends object, K extends QueryKey = QueryKey> = ListPageOptions<T, K> &
  RowNaming<T>;

interface ListPageOptions<T extends object, K extends QueryKey> {
  /** Stable id: where the column choice is remembered, and the CSV file's name. */
  listId: string;
  title: ReactNode;
  description?: ReactNode;
  /** Page actions (Create). */
  actions?: ReactNode;
  /** Above the title: a `BackButton`. */
  back?: ReactNode;
  /** The table's accessible name: "Virtual machines". Defaults to the noun's plural, capitalised. */
  tableLabel?: string;
  /** The search box's name: "Search virtual machines". Defaults to "Search" and the noun's plural. */
  searchLabel?: string;
  noun: Noun;
  /** The rows: an area's query options (`computeQueries.list()`). */
  query: UseQueryOptions<T[], Error, T[], K>;
  /**
   * Long lists: the first page's total decides; above `PAGED_FROM` rows the list is read a page
   * at a time as it scrolls, searched and sorted by the server (`query` is then not read).
   */
  paged?: ListPaged<T>;
  /** What "could not be loaded" is about: "Your virtual machines". */
  columns: readonly DataTableColumn<T>[];
  defaultSorting?: DataTableSort;
  /** A row's page; the list's search goes along as `prevSearch`, and a click opens it. */
  rowHref?: (row: T) => string;
  rowActions?: (row: T) => DataTableRowAction[];
  /**
   * The busy-state key of a row's object (`vm:12`, `useTaskAction`'s `resource`): a row with a task
   * on it shows busy at once, whichever page started the task.
   */
  rowResource?: (row: T) => string;
  /** Creations on their way into this list (`useTaskAction`'s `pendingIn`) show in its toolbar. */
  pendingIn?: string;
  bulkActions?: readonly ListBulkAction<T>[];
  /** Offer "Export CSV" of the rows the search and filters let through. Defaults to true. */
  exportable?: boolean;
  /**
   * The export, made elsewhere (the server's CSV), of the rows the table shows: handed the list's
   * current search, which it must apply with the page's own filters.
   */
  onExport?: (search: string) => void | Promise<void>;
  /** Shown when there are no rows at all. */
  emptyState?: ReactNode;
  /** More toolbar controls. */
  toolbar?: ReactNode;
  /** Filters the server applies, on a row of their own under the search. */
  filters?: ReactNode;
  /** Below the table (dialogs the row actions open). */
  children?: ReactNode;
  /** Between the header and the table, also while the rows load: headline figures, alerts. */
  summary?: ReactNode;
}

const Names = styled.ul`
  margin: 8px 0 0;
  padding-left: 20px;
  max-height: 160px;
  overflow: auto;
`;

const Skipped = styled.p`
  margin: 8px 0 0;
  color: var(--ui-color-text-secondary);
`;

const SkeletonRows = styled(SkeletonGroup)`
  display: grid;
  gap: 14px;
  padding: 16px 0;
`;

/** The first read: the table's shape in grey, so the page is not blank while the network is slow. */
export function ListSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <SkeletonRows label={label}>
      <Skeleton width="min(320px, 100%)" height={36} />
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={28} />
      ))}
    </SkeletonRows>
  );
}

/** See the file's first lines. */
export function ListPage<T extends object, K extends QueryKey = QueryKey>({
  listId,
  title,
  description,
  actions,
  back,
  noun,
  tableLabel = capitalised(noun.other),
  searchLabel = `Search ${noun.other}`,
  query,
  paged,
  columns,
  getRowId = rowIdOf,
  getRowLabel = rowNameOf,
  defaultSorting,
  rowHref,
  rowActions,
  rowResource,
  pendingIn,
  bulkActions,
  exportable = true,
  onExport,
  emptyState,
  toolbar,
  filters,
  children,
  summary,
}: ListPageProps<T, K>) {
  const navigate = useNavigate();
  const [search, setSearch] = useUrlSearch();
  const [storedColumns, storeColumns] = useStoredColumns(listId);
  const table = useRef<DataTableHandle<T>>(null);
  const source = useListRows(query, paged, search, defaultSorting);
  const { rows, isPending, isFetching, error, refetch, server } = source;
  const sorts = paged?.sorts;
  const shownColumns = useMemo(
    () =>
      server && sorts
        ? columns.map((column) =>
            sorts.includes(column.id) ? column : { ...column, sortable: false },
          )
        : columns,
    [columns, server, sorts],
  );
  // The row being opened shows a spinner at once, while its page's code and data load.
  const [opening, setOpening] = useState<string>();
  const busyRowIds = useBusyRowIds(rows, getRowId, rowResource);

  const [pending, setPending] = useState<{
    action: ListBulkAction<T>;
    selected: T[];
    clear: () => void;
  } | null>(null);
  // The dialog keeps its last action while it closes, so its text does not flip.
  const [confirming, setConfirming] = useState(false);
  const targets = pending
    ? pending.selected.filter((row) => pending.action.applies?.(row) ?? true)
    : [];
  const skipped = pending ? pending.selected.length - targets.length : 0;

  const exportCsv = async () => {
    if (onExport) return onExport(search.trim());
    const handle = table.current;
    if (!handle) return;
    // Read from the server: every page of the current search, in the current sort.
    const exported = server ? await source.readAll() : handle.getVisibleRows();
    // The CSV writer is fetched on the first export, not with the list.
    const { downloadCsv, toCsv } = await import('@portal/ui/csv');
    downloadCsv(`${listId}.csv`, toCsv(exported, handle.getVisibleColumns()));
  };

  const header = (
    <>
      <PageHeader title={title} description={description} actions={actions} back={back} />
      {summary}
    </>
  );
  if (isPending && !error) {
    return (
      <>
        {header}
        <ListSkeleton label={`Loading ${noun.other}`} />
      </>
    );
  }

  return (
    <>
      {header}
      <DataTable
        ref={table}
        aria-label={tableLabel}
        data={rows}
        columns={shownColumns}
        manualRows={server}
        onSortingChange={server ? source.setSort : undefined}
        onEndReached={server ? source.loadMore : undefined}
        getRowId={getRowId}
        getRowLabel={getRowLabel}
        loading={isFetching}
        error={error ? queryErrorText(error) : undefined}
        onRetry={() => void refetch()}
        globalFilter={search}
        onGlobalFilterChange={setSearch}
        searchLabel={searchLabel}
        defaultSorting={defaultSorting}
        virtualized={server || rows.length > VIRTUALIZE_FROM}
        height={
          server || rows.length > VIRTUALIZE_FROM ? 'max(360px, calc(100vh - 320px))' : undefined
        }
        defaultColumnVisibility={storedColumns}
        onColumnVisibilityChange={storeColumns}
        busyRowId={opening}
        busyRowIds={busyRowIds}
        onRowClick={
          rowHref
            ? (row) => {
                setOpening(getRowId(row));
                navigate(withPrevSearch(rowHref(row), search));
              }
            : undefined
        }
        rowActions={rowActions}
        emptyState={emptyState}
        filters={filters}
        toolbar={
          <>
            <Button
              variant="outlined"
              size="small"
              leadingIcon={mdiRefresh}
              onClick={() => void refetch()}
            >
              Refresh
            </Button>
            {exportable && (
              <Button
                variant="outlined"
                size="small"
                leadingIcon={mdiDownload}
                onClick={() => void exportCsv()}
                disabled={rows.length === 0}
              >
                Export CSV
              </Button>
            )}
            {toolbar}
            {pendingIn && <PendingCreations scope={pendingIn} />}
          </>
        }
        renderBulkActions={
          bulkActions && bulkActions.length > 0
            ? (selected, clear) => {
                // Rows are selected: fetch the confirmation now, so it opens at once.
                void loadConfirmDialog();
                return bulkActions.map((action) => {
                  const applicable = selected.filter((row) => action.applies?.(row) ?? true);
                  return (
                    <Button
                      key={action.id}
                      size="small"
                      variant={action.tone === 'danger' ? 'outlined' : 'primary'}
                      disabled={action.disabledReason !== undefined || applicable.length === 0}
                      title={action.disabledReason}
                      onClick={() => {
                        setPending({ action, selected, clear });
                        setConfirming(true);
                      }}
                    >
                      {action.label}
                    </Button>
                  );
                });
              }
            : undefined
        }
      />
      {pending && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`${pending.action.label} ${counted(noun, targets.length)}?`}
            description={pending.action.consequence?.(targets.length)}
            confirmLabel={pending.action.label}
            tone={pending.action.tone ?? 'primary'}
            onConfirm={async () => {
              await pending.action.run(targets);
              pending.clear();
            }}
          >
            <Names aria-label={tableLabel}>
              {targets.slice(0, NAMES_SHOWN).map((row) => (
                <li key={getRowId(row)}>{getRowLabel(row)}</li>
              ))}
              {targets.length > NAMES_SHOWN && <li>and {targets.length - NAMES_SHOWN} more</li>}
            </Names>
            {skipped > 0 && (
              <Skipped>
                Skipped: {skipped} selected {skipped === 1 ? noun.one : noun.other}
                {pending.action.skipReason ? `, ${pending.action.skipReason}` : ''}.
              </Skipped>
            )}
          </ConfirmDialog>
        </Suspense>
      )}
      {children}
    </>
  );
}

const EMPTY: never[] = [];

const sortParam = (sort: DataTableSort | undefined, sorts: readonly string[]) =>
  sort && sorts.includes(sort.id) ? `${sort.desc ? '-' : ''}${sort.id}` : undefined;

/**
 * The list's rows: the whole list searched and sorted in the browser, or (`paged`, above
 * `PAGED_FROM` rows) pages read as the table scrolls, searched and sorted by the server.
 */
export function useListRows<T, K extends QueryKey>(
  query: UseQueryOptions<T[], Error, T[], K>,
  paged: ListPaged<T> | undefined,
  search: string,
  defaultSorting: DataTableSort | undefined,
) {
  const [sort, setSort] = useState<DataTableSort | undefined>(defaultSorting);
  const pagesKey = paged?.queryKey ?? query.queryKey;
  const q = useDebounced(search.trim(), SERVER_SEARCH_DELAY_MS);
  const sorts = paged?.sorts ?? [];
  const sortBy = sortParam(sort, sorts);

  // The list's size decides. Without a search, the first page tells it (its total), so a long
  // list's first rows take one read; opened with a search, one row of the whole list tells it.
  const [landing] = useState(() => search.trim() !== '');
  // Decided once, then kept: the list's size, or 'whole' when the first page or the probe went
  // unanswered and the whole list is read instead. (Asked again with each new search, the page
  // would fall back to its skeleton at every search, and the search box, unmounted, would lose its
  // focus and the letters typed next.)
  const [decided, setDecided] = useState<number | 'whole'>();
  const size = typeof decided === 'number' ? decided : undefined;
  const always = paged?.always === true;
  const probe = useQuery({
    queryKey: [...pagesKey, 'size'],
    queryFn: () => (paged ? paged.fetchPage({ limit: 1 }) : Promise.reject(new Error('no pages'))),
    enabled: Boolean(paged) && !always && landing && decided === undefined,
    // Unanswered, the whole list is read as before: no waiting for retries.
    retry: false,
  });
  const pages = useInfiniteQuery({
    queryKey: [...pagesKey, 'pages', { q, sort: sortBy ?? null }],
    queryFn: ({ pageParam }) =>
      paged
        ? paged.fetchPage({
            limit: PAGE_SIZE,
            ...(pageParam ? { cursor: pageParam } : {}),
            ...(sortBy ? { sort: sortBy } : {}),
            ...(q ? { q } : {}),
          })
        : Promise.reject(new Error('no pages')),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.page.next_cursor,
    enabled:
      Boolean(paged) &&
      (always || (decided === undefined ? !landing : size !== undefined && isServerSized(size))),
    retry: (count, error) => (always || size !== undefined) && shouldRetry(count, error),
    // A new search or sort keeps the rows shown until its first page arrives.
    placeholderData: keepPreviousData,
  });
  const firstTotal =
    q === '' && !pages.isPlaceholderData ? pages.data?.pages[0]?.page.total : undefined;
  const observed = size ?? probe.data?.page.total ?? firstTotal;
  // Set while rendering, as React advises for state that follows other state (a search's first
  // page no longer tells the size).
  if (decided === undefined) {
    if (observed !== undefined) setDecided(observed);
    else if (!always && (probe.error !== null || (!landing && pages.error !== null)))
      setDecided('whole');
  }
  const server =
    paged !== undefined && (always || (observed !== undefined && isServerSized(observed)));
  const sizeKnown =
    paged === undefined || always || decided !== undefined || observed !== undefined;

  const list = useQuery({ ...query, enabled: sizeKnown && !server && query.enabled !== false });
  const pageRows = useMemo(
    () => pages.data?.pages.flatMap((page) => page.data) ?? [],
    [pages.data],
  );

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const readAll = async (): Promise<T[]> => {
    if (!paged) return [];
    const all: T[] = [];
    let cursor: string | null = null;
    do {
      const page: PageReply<T> = await paged.fetchPage({
        limit: EXPORT_PAGE_SIZE,
        ...(cursor ? { cursor } : {}),
        ...(sortBy ? { sort: sortBy } : {}),
        ...(q ? { q } : {}),
      });
      all.push(...page.data);
      cursor = page.page.next_cursor;
    } while (cursor);
    return all;
  };

  if (server) {
    return {
      server,
      rows: pageRows,
      total: pages.data?.pages[0]?.page.total,
      isPending: pages.isPending,
      isFetching: pages.isFetching,
      error: pages.error,
      refetch: () => void pages.refetch(),
      setSort,
      loadMore,
      readAll,
    };
  }
  return {
    server,
    rows: list.data ?? (EMPTY as T[]),
    total: list.data?.length,
    isPending: !sizeKnown || list.isPending,
    isFetching: probe.isFetching || pages.isFetching || list.isFetching,
    error: list.error,
    refetch: () => void list.refetch(),
    setSort,
    loadMore,
    readAll,
  };
}
