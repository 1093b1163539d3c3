import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_AREAS, AUDIT_RESULTS, type AuditLogEntry } from '@portal/api/contract';
import { StatusChip, TextField } from '@portal/ui';
import { TenantCell } from '../../kit/TenantCell.tsx';
import { ListPage, SERVER_SEARCH_DELAY_MS } from '../../kit/ListPage.tsx';
import { useDebounced } from '../../kit/useDebounced.ts';
import { formatDateTime, tenantText } from '../../lib/format.ts';
import { notify, reportError } from '../../services.ts';
import { FilterSelect } from './FilterSelect.tsx';
import { adminKeys, adminQueries, api, saveBlob } from './queries.ts';

/** The customer an internal user acted for, when it is not their own tenant. */
const actedFor = (e: AuditLogEntry) =>
  e.acted_for && e.acted_for !== e.tenant ? e.acted_for : undefined;

/** How each result shows: colour and icon with the word. */
const RESULT_LOOK: Record<AuditLogEntry['result'], { status: string; label: string }> = {
  success: { status: 'success', label: 'Success' },
  failure: { status: 'error', label: 'Failure' },
  denied: { status: 'warning', label: 'Denied' },
};

interface Filters {
  users?: string;
  tenant?: string;
  area?: string;
  action?: string;
  result?: 'success' | 'failure' | 'denied';
  from?: string;
  to?: string;
}

const clean = (filters: Filters): Filters =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));

/**
 * A date field's day (yyyy-mm-dd) as an instant: its start in the browser's time zone, or with
 * `after`, the start of the next day, so that "Until" includes the day chosen (the server's `to`
 * is exclusive).
 */
const dayStart = (day: string, after = false) => {
  if (!day) return undefined;
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, (date ?? 1) + (after ? 1 : 0)).toISOString();
};

/** `/log`: the audit log, newest first, read from the server a page at a time. */
export function AuditLogPage() {
  const [filters, setFilters] = useState<Filters>({});
  // The customer's name beside each tenant code, in the columns and the filter.
  const tenants = useQuery(adminQueries.tenants());
  const tenantNames = useMemo(
    () => new Map((tenants.data ?? []).map((t) => [t.cdb_id, t.name])),
    [tenants.data],
  );
  // Typed filters ask the server once the typing pauses, not at every key.
  const active = useDebounced(
    useMemo(() => clean(filters), [filters]),
    SERVER_SEARCH_DELAY_MS,
  );
  const set = (key: keyof Filters) => (value: string | undefined) =>
    setFilters((f) => ({ ...f, [key]: value }));

  const paged = useMemo(
    () => ({
      sorts: [] as string[],
      // The server searches, always: its CSV then repeats exactly the search the table shows.
      always: true,
      fetchPage: (request: { limit: number; cursor?: string; q?: string }) =>
        api().log({ ...active, limit: request.limit, cursor: request.cursor, q: request.q }),
    }),
    [active],
  );
  const query = useMemo(
    () => ({
      queryKey: adminKeys.log(active),
      queryFn: async () => (await api().log({ ...active, limit: 500 })).data,
    }),
    [active],
  );

  return (
    <ListPage<AuditLogEntry, readonly unknown[]>
      listId="admin-log"
      title="Audit log"
      description="Every change, sign-in and refusal, newest first."
      tableLabel="Audit log"
      searchLabel="Search users, actions, targets and messages"
      noun={{ one: 'entry', other: 'entries' }}
      query={query}
      paged={paged}
      onExport={(q) =>
        api()
          .logCsv({ ...active, ...(q ? { q } : {}) })
          .then(
            (blob) => saveBlob(blob, 'audit-log.csv'),
            (error: unknown) => notify(reportError(error), 'error'),
          )
      }
      columns={[
        // At 1,280 px the log keeps who, what, on what, the result and the tenants; the message
        // gives way first. Free text is flexible (an ellipsis, the whole in the title), so what
        // fits does not depend on how long some address or name in the rows is.
        {
          id: 'at',
          header: 'Time',
          accessor: (e) => formatDateTime(e.at),
          sortable: false,
          priority: 1,
        },
        {
          id: 'user',
          header: 'User',
          accessor: (e) => e.user ?? '—',
          sortable: false,
          priority: 1,
          width: 'minmax(140px, 1.4fr)',
        },
        {
          id: 'action',
          header: 'Action',
          accessor: 'action',
          sortable: false,
          priority: 1,
          width: 'minmax(170px, 1.2fr)',
        },
        {
          id: 'result',
          header: 'Result',
          accessor: 'result',
          cell: (e) => <StatusChip {...RESULT_LOOK[e.result]} />,
          sortable: false,
          priority: 2,
        },
        {
          id: 'target',
          priority: 2,
          header: 'Target',
          // As people know it (the e-mail, the VM's name); older rows without one keep the id.
          accessor: (e) => e.target_label ?? e.target ?? '',
          sortable: false,
          width: 'minmax(130px, 1.5fr)',
        },
        {
          id: 'target_id',
          priority: 4,
          header: 'Target id',
          accessor: (e) => e.target ?? '',
          sortable: false,
          defaultHidden: true,
        },
        {
          id: 'tenant',
          priority: 2,
          header: 'Tenant',
          // The actor's tenant; under it, the customer an internal user acted for.
          accessor: (e) => {
            const own = e.tenant ? tenantText(e.tenant, tenantNames.get(e.tenant)) : '—';
            const other = actedFor(e);
            return other ? `${own} for ${tenantText(other, tenantNames.get(other))}` : own;
          },
          cell: (e) => {
            const other = actedFor(e);
            return (
              <TenantCell
                code={e.tenant}
                name={e.tenant ? tenantNames.get(e.tenant) : undefined}
                actedFor={other ? { code: other, name: tenantNames.get(other) } : undefined}
              />
            );
          },
          sortable: false,
          width: 'minmax(180px, 2fr)',
        },
        {
          id: 'acted_for',
          priority: 3,
          header: 'Acted for',
          // Also under the tenant; a column of its own for those who sort it out by eye.
          accessor: (e) => {
            const other = actedFor(e);
            return other ? tenantText(other, tenantNames.get(other)) : '—';
          },
          sortable: false,
          defaultHidden: true,
          width: 'minmax(150px, 1fr)',
        },
        {
          id: 'message',
          header: 'Message',
          accessor: (e) => e.message ?? '',
          sortable: false,
          priority: 4,
          width: 'minmax(160px, 2fr)',
        },
        {
          id: 'address',
          priority: 5,
          header: 'Address',
          accessor: (e) => e.address ?? '',
          sortable: false,
          defaultHidden: true,
        },
      ]}
      getRowLabel={(e) => `${e.action} ${e.target_label ?? e.target ?? ''}`}
      filters={
        <>
          <TextField
            label="Users (e-mails, comma-separated)"
            value={filters.users ?? ''}
            onChange={(e) => set('users')(e.target.value)}
          />
          <FilterSelect
            label="Tenant"
            value={filters.tenant}
            onValueChange={set('tenant')}
            options={(tenants.data ?? []).map((t) => ({
              value: t.cdb_id,
              label: tenantText(t.cdb_id, t.name),
            }))}
          />
          <FilterSelect
            label="Area"
            value={filters.area}
            onValueChange={set('area')}
            options={AUDIT_AREAS.map((a) => ({ value: a, label: a }))}
          />
          <TextField
            label="Action"
            value={filters.action ?? ''}
            onChange={(e) => set('action')(e.target.value)}
          />
          <FilterSelect
            label="Result"
            value={filters.result}
            onValueChange={set('result')}
            options={AUDIT_RESULTS.map((r) => ({ value: r, label: RESULT_LOOK[r].label }))}
          />
          <TextField
            label="From"
            type="date"
            onChange={(e) => set('from')(dayStart(e.target.value))}
          />
          <TextField
            label="Until"
            type="date"
            onChange={(e) => set('to')(dayStart(e.target.value, true))}
          />
        </>
      }
    />
  );
}
