// The list page every area uses: header, search kept in the URL as `prevSearch`, filters and
// sorting (DataTable), a row action menu, bulk actions behind a confirmation, CSV export of the
// filtered rows, remembered columns, skeleton / empty / error states, cards at phone width.
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import styled from 'styled-components';
import { mdiDownload, mdiRefresh } from '@mdi/js';
import {
  Button,
  DataTable,
  downloadCsv,
  PageHeader,
  Skeleton,
  SkeletonGroup,
  toCsv,
  type DataTableColumn,
  type DataTableHandle,
  type DataTableRowAction,
  type DataTableSort,
} from '@portal/ui';
import { queryErrorText } from './queryError.ts';
import { useUrlSearch, withPrevSearch } from './prevSearch.ts';
import { useStoredColumns } from './useStoredColumns.ts';

// The confirmation (a Radix dialog with focus trap and scroll lock) is fetched when rows are first
// selected, not with the list: a list is often the first page after sign-in.
const loadConfirmDialog = () => import('@portal/ui/ConfirmDialog');
const ConfirmDialog = lazy(() => loadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })));

/** Above this many rows the list scrolls in one virtualized body instead of pages. */
export const VIRTUALIZE_FROM = 100;
const NAMES_SHOWN = 8;

/** How the list names one and several of its rows: "virtual machine", "virtual machines". */
export interface Noun {
  one: string;
  other: string;
}

const counted = (noun: Noun, n: number) => `${n} ${n === 1 ? noun.one : noun.other}`;

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

export interface ListPageProps<T extends object> {
  /** Stable id: where the column choice is remembered, and the CSV file's name. */
  listId: string;
  title: ReactNode;
  description?: ReactNode;
  /** Page actions (Create). */
  actions?: ReactNode;
  /** Above the title: a `BackButton`. */
  back?: ReactNode;
  /** The table's accessible name: "Virtual machines". */
  tableLabel: string;
  /** The search box's name: "Search virtual machines". */
  searchLabel: string;
  noun: Noun;
  /** The rows: an area's query options (`computeQueries.list()`). */
  query: UseQueryOptions<T[], Error, T[], QueryKey>;
  /** What "could not be loaded" is about: "Your virtual machines". */
  columns: readonly DataTableColumn<T>[];
  getRowId: (row: T) => string;
  getRowLabel: (row: T) => string;
  defaultSorting?: DataTableSort;
  /** A row's page; the list's search goes along as `prevSearch`, and a click opens it. */
  rowHref?: (row: T) => string;
  rowActions?: (row: T) => DataTableRowAction[];
  bulkActions?: readonly ListBulkAction<T>[];
  /** Offer "Export CSV" of the rows the search and filters let through. Defaults to true. */
  exportable?: boolean;
  /** Shown when there are no rows at all. */
  emptyState?: ReactNode;
  /** More toolbar controls. */
  toolbar?: ReactNode;
  /** Below the table (dialogs the row actions open). */
  children?: ReactNode;
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
export function ListPage<T extends object>({
  listId,
  title,
  description,
  actions,
  back,
  tableLabel,
  searchLabel,
  noun,
  query,
  columns,
  getRowId,
  getRowLabel,
  defaultSorting,
  rowHref,
  rowActions,
  bulkActions,
  exportable = true,
  emptyState,
  toolbar,
  children,
}: ListPageProps<T>) {
  const navigate = useNavigate();
  const [search, setSearch] = useUrlSearch();
  const [storedColumns, storeColumns] = useStoredColumns(listId);
  const table = useRef<DataTableHandle<T>>(null);
  const { data, isPending, isFetching, error, refetch } = useQuery(query);
  const rows = data ?? EMPTY;
  // The row being opened shows a spinner at once, while its page's code and data load.
  const [opening, setOpening] = useState<string>();

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

  const exportCsv = () => {
    const handle = table.current;
    if (!handle) return;
    downloadCsv(`${listId}.csv`, toCsv(handle.getVisibleRows(), handle.getVisibleColumns()));
  };

  const header = (
    <PageHeader title={title} description={description} actions={actions} back={back} />
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
        columns={columns}
        getRowId={getRowId}
        getRowLabel={getRowLabel}
        loading={isFetching}
        error={error ? queryErrorText(error) : undefined}
        onRetry={() => void refetch()}
        globalFilter={search}
        onGlobalFilterChange={setSearch}
        searchLabel={searchLabel}
        defaultSorting={defaultSorting}
        virtualized={rows.length > VIRTUALIZE_FROM}
        height={rows.length > VIRTUALIZE_FROM ? 'max(360px, calc(100vh - 320px))' : undefined}
        defaultColumnVisibility={storedColumns}
        onColumnVisibilityChange={storeColumns}
        busyRowId={opening}
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
                onClick={exportCsv}
                disabled={rows.length === 0}
              >
                Export CSV
              </Button>
            )}
            {toolbar}
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
