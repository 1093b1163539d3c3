import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef, useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import styled from 'styled-components';
import {
  mdiConsole,
  mdiDelete,
  mdiDownload,
  mdiPlay,
  mdiRestart,
  mdiServerOff,
  mdiStop,
} from '@mdi/js';
import { Button } from '../Button/Button.tsx';
import { EmptyState } from '../EmptyState/EmptyState.tsx';
import { StatusChip } from '../StatusChip/StatusChip.tsx';
import { theme } from '../theme/theme.ts';
import { DataTable } from './DataTable.tsx';
import type {
  DataTableColumn,
  DataTableColumnVisibility,
  DataTableHandle,
  DataTableRowAction,
} from './DataTable.types.ts';
import { toCsv } from './csv.ts';
import { makeVms, type VmRow } from './fixtures.ts';

const tones: Record<VmRow['status'], keyof typeof theme.kind | 'neutral'> = {
  Running: 'success',
  Stopped: 'neutral',
  Provisioning: 'info',
  Error: 'error',
};

const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;

  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: ${theme.color.borderStrong};
  }
  &[data-tone='success']::before {
    background: ${theme.kind.success.accent};
  }
  &[data-tone='info']::before {
    background: ${theme.kind.info.accent};
  }
  &[data-tone='error']::before {
    background: ${theme.kind.error.accent};
  }
`;

const Mono = styled.span`
  font-family: ${theme.font.familyMono};
`;

const columns: DataTableColumn<VmRow>[] = [
  {
    id: 'name',
    header: 'Name',
    accessor: 'name',
    width: 'minmax(160px, 1.4fr)',
    hideable: false,
    cell: (vm) => <a href={`#${vm.id}`}>{vm.name}</a>,
  },
  {
    id: 'status',
    header: 'Status',
    accessor: 'status',
    filter: 'select',
    width: 140,
    cell: (vm) => <Badge data-tone={tones[vm.status]}>{vm.status}</Badge>,
  },
  { id: 'power', header: 'Power', accessor: 'power', filter: 'select', width: 112 },
  { id: 'os', header: 'OS', accessor: 'os', filter: 'text', width: 'minmax(160px, 1fr)' },
  { id: 'vcpu', header: 'vCPU', accessor: 'vcpu', align: 'end', width: 100 },
  {
    id: 'memory',
    header: 'Memory',
    accessor: 'memoryGb',
    align: 'end',
    width: 124,
    cell: (vm) => `${vm.memoryGb} GB`,
  },
  { id: 'location', header: 'Location', accessor: 'location', filter: 'select', width: 132 },
  {
    id: 'ip',
    header: 'IP address',
    accessor: 'ip',
    width: 132,
    cell: (vm) => <Mono>{vm.ip}</Mono>,
  },
];

const vms = makeVms(240);
const vms10k = makeVms(10_000);
const getRowId = (vm: VmRow) => vm.id;

const meta = {
  title: 'Components/DataTable',
  component: DataTable<VmRow>,
  args: {
    caption: 'Virtual machines',
    data: vms,
    columns,
    getRowId,
    density: 'comfortable',
    virtualized: false,
    loading: false,
    onRowClick: fn(),
  },
  argTypes: {
    data: { control: false },
    columns: { control: false },
    getRowId: { control: false },
    density: { control: 'inline-radio', options: ['comfortable', 'compact'] },
  },
} satisfies Meta<typeof DataTable<VmRow>>;

export default meta;
type Story = StoryObj<typeof meta>;

const rowsOf = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('grid')).getAllByRole('row').slice(1);

export const Playground: Story = {};

export const Sorting: Story = {
  args: { defaultSorting: { id: 'name' } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const name = canvas.getByRole('columnheader', { name: 'Name' });
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    const cpu = canvas.getByRole('columnheader', { name: 'vCPU' });
    await userEvent.click(within(cpu).getByRole('button', { name: 'vCPU' }));
    await expect(cpu).toHaveAttribute('aria-sort', 'ascending');
    await expect(name).not.toHaveAttribute('aria-sort');
    await userEvent.click(within(cpu).getByRole('button', { name: 'vCPU' }));
    await expect(cpu).toHaveAttribute('aria-sort', 'descending');
    const first = within(rowsOf(canvasElement)[0]!).getAllByRole('gridcell')[4];
    await expect(first).toHaveTextContent('32');
  },
};

export const SearchAndFilters: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'db frankfurt');
    await waitFor(() =>
      expect(
        rowsOf(canvasElement).every((row) => /db-.*Frankfurt/s.test(row.textContent ?? '')),
      ).toBe(true),
    );
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Status' }), 'Running');
    await waitFor(() =>
      expect(rowsOf(canvasElement).every((row) => row.textContent?.includes('Running'))).toBe(true),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(canvas.getByText('1–25 of 240')).toBeVisible());
  },
};

export const Pagination: Story = {
  args: { data: vms.slice(0, 95), pageSizeOptions: [10, 25, 50] },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('1–25 of 95')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(canvas.getByText('26–50 of 95')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Last page' }));
    await expect(canvas.getByText('76–95 of 95')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};

export const Virtualized10k: Story = {
  args: { data: vms10k, virtualized: true, height: 560, caption: 'Virtual machines (10,000)' },
  play: async ({ canvas, canvasElement }) => {
    const grid = canvas.getByRole('grid');
    await expect(grid).toHaveAttribute('aria-rowcount', '10001');
    // Only the rows in view (and a few either side) are in the DOM.
    await expect(rowsOf(canvasElement).length).toBeLessThan(40);
  },
};

export const SelectionWithBulkActions: Story = {
  args: {
    renderBulkActions: (rows, clear) => (
      <>
        <Button size="small" variant="outlined" leadingIcon={mdiPlay} onClick={clear}>
          Start {rows.length}
        </Button>
        <Button size="small" variant="outlined" leadingIcon={mdiStop} onClick={clear}>
          Stop {rows.length}
        </Button>
        <Button size="small" variant="danger" leadingIcon={mdiDelete} onClick={clear}>
          Delete
        </Button>
      </>
    ),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: `Select ${vms[0]!.name}` }));
    await userEvent.click(canvas.getByRole('checkbox', { name: `Select ${vms[2]!.name}` }));
    const bar = canvas.getByRole('region', { name: 'Selected rows' });
    await expect(within(bar).getByText('2 selected')).toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await expect(within(bar).getByText('25 selected')).toBeVisible();
    await userEvent.click(within(bar).getByRole('button', { name: 'Select all 240' }));
    await expect(within(bar).getByText('240 selected')).toBeVisible();
    await userEvent.click(within(bar).getByRole('button', { name: 'Stop 240' }));
    await expect(canvas.queryByRole('region', { name: 'Selected rows' })).toBeNull();
  },
};

export const Loading: Story = { args: { data: [], loading: true } };

export const Refreshing: Story = { args: { loading: true } };

export const Empty: Story = {
  args: {
    data: [],
    emptyState: (
      <EmptyState
        icon={mdiServerOff}
        title="No virtual machines yet"
        headingLevel={3}
        description="Machines you create appear here, with their status and console."
        action={<Button variant="primary">Create a virtual machine</Button>}
      />
    ),
  },
};

export const Error: Story = {
  args: {
    data: [],
    error: 'The virtual machines could not be loaded. The compute service did not answer.',
    onRetry: fn(),
  },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('could not be loaded');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const ColumnVisibility: Story = {
  args: {
    columns: columns.map((column) =>
      column.id === 'power' || column.id === 'ip' ? { ...column, defaultHidden: true } : column,
    ),
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('columnheader', { name: 'IP address' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Columns' }));
    const menu = canvas.getByRole('group', { name: 'Show columns' });
    await userEvent.click(within(menu).getByRole('checkbox', { name: 'IP address' }));
    await userEvent.click(within(menu).getByRole('checkbox', { name: 'OS' }));
    await expect(canvas.getByRole('columnheader', { name: 'IP address' })).toBeVisible();
    await expect(canvas.queryByRole('columnheader', { name: 'OS' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('button', { name: 'Columns' })).toHaveFocus();
  },
};

const longVms = makeVms(12).map((vm, index) => ({
  ...vm,
  name:
    index % 3 === 0
      ? `${vm.name}-customer-facing-checkout-frontend-with-a-very-long-hostname.eu-central.internal`
      : vm.name,
  os:
    index % 2
      ? 'Windows Server 2022 Datacenter: Azure Edition with Hotpatch (Desktop Experience)'
      : vm.os,
}));

export const LongText: Story = {
  args: { data: longVms, caption: 'Virtual machines whose names and systems do not fit' },
  render: (args) => (
    <div style={{ maxWidth: 720 }}>
      <DataTable<VmRow> {...args} />
    </div>
  ),
};

export const Compact: Story = { args: { density: 'compact' } };

export const Dark: Story = {
  args: { renderBulkActions: SelectionWithBulkActions.args?.renderBulkActions },
  globals: { theme: 'dark' },
};

const rowActions = (vm: VmRow): DataTableRowAction[] => [
  { id: 'start', label: 'Start', icon: mdiPlay, onSelect: () => {} },
  { id: 'restart', label: 'Restart', icon: mdiRestart, onSelect: () => {} },
  {
    id: 'console',
    label: 'Open console',
    icon: mdiConsole,
    onSelect: () => {},
    disabledReason: vm.power === 'Off' ? 'The virtual machine is powered off.' : undefined,
  },
  { id: 'delete', label: 'Delete', icon: mdiDelete, tone: 'danger', onSelect: () => {} },
];

/** A trailing "Actions" column: a kebab menu per row, part of the grid's keyboard navigation. */
export const RowActions: Story = {
  args: { data: vms.slice(0, 8), rowActions },
  play: async ({ canvas, userEvent, args }) => {
    const first = vms[0]!;
    await userEvent.click(canvas.getByRole('button', { name: `Actions for ${first.name}` }));
    const menu = await screen.findByRole(
      'menu',
      { name: `Actions for ${first.name}` },
      { timeout: 10_000 },
    );
    await expect(within(menu).getAllByRole('menuitem')).toHaveLength(4);
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: `Actions for ${first.name}` })).toHaveFocus(),
    );
    await expect(args.onRowClick).not.toHaveBeenCalled();
  },
};

/** A disabled action keeps its reason in the menu; it stays reachable with the arrow keys. */
export const RowActionsOpen: Story = {
  args: { data: vms.filter((vm) => vm.power === 'Off').slice(0, 4), rowActions },
  play: async ({ canvas, userEvent }) => {
    const [row] = canvas.getAllByRole('button', { name: /^Actions for / });
    await userEvent.click(row!);
    const item = await screen.findByRole('menuitem', { name: 'Open console' }, { timeout: 10_000 });
    await expect(item).toHaveAttribute('aria-disabled', 'true');
    await expect(item).toHaveAccessibleDescription('The virtual machine is powered off.');
  },
};

/** Column choice held by the app (here in state; the portal persists it). */
function RememberedColumnsDemo(args: Parameters<typeof DataTable<VmRow>>[0]) {
  const [visibility, setVisibility] = useState<DataTableColumnVisibility>({ power: false });
  return (
    <>
      <DataTable<VmRow>
        {...args}
        columnVisibility={visibility}
        onColumnVisibilityChange={setVisibility}
      />
      <p>
        Saved: <output aria-label="Saved columns">{JSON.stringify(visibility)}</output>
      </p>
    </>
  );
}

export const RememberedColumns: Story = {
  args: { data: vms.slice(0, 6) },
  render: (args) => <RememberedColumnsDemo {...args} />,
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('columnheader', { name: 'Power' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Columns' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'OS' }));
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('status', { name: 'Saved columns' })).toHaveTextContent(
      '{"power":false,"os":false}',
    );
    await expect(canvas.queryByRole('columnheader', { name: 'OS' })).toBeNull();
  },
};

/** Export exactly the filtered, sorted rows and the shown columns (`ref.getVisibleRows()`). */
function ExportDemo(args: Parameters<typeof DataTable<VmRow>>[0]) {
  const table = useRef<DataTableHandle<VmRow>>(null);
  const [csv, setCsv] = useState('');
  return (
    <>
      <DataTable<VmRow>
        {...args}
        ref={table}
        toolbar={
          <Button
            variant="outlined"
            size="small"
            leadingIcon={mdiDownload}
            onClick={() => {
              const handle = table.current;
              // The portal passes this to downloadCsv('virtual-machines.csv', …).
              if (handle) setCsv(toCsv(handle.getVisibleRows(), handle.getVisibleColumns()));
            }}
          >
            Export CSV
          </Button>
        }
      />
      <pre aria-label="Exported CSV" style={{ fontSize: 12 }}>
        {csv}
      </pre>
    </>
  );
}

export const ExportCsv: Story = {
  args: { data: vms.slice(0, 40), defaultPageSize: 10 },
  render: (args) => <ExportDemo {...args} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'Frankfurt');
    await waitFor(() => expect(canvas.getAllByRole('row').length).toBeLessThan(11));
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
    const lines = canvas.getByLabelText('Exported CSV').textContent?.trim().split('\n') ?? [];
    const frankfurt = vms.slice(0, 40).filter((vm) => vm.location === 'Frankfurt').length;
    await expect(lines).toHaveLength(frankfurt + 1);
    await expect(lines[0]?.trim()).toBe('Name,Status,Power,OS,vCPU,Memory,Location,IP address');
  },
};

/** A row being opened: pressed look, a spinner and `aria-busy` until the page changes. */
export const BusyRow: Story = {
  args: { data: vms.slice(0, 6), busyRowId: vms[2]!.id },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('row')[3]).toHaveAttribute('aria-busy', 'true');
  },
};

const chipColumns: DataTableColumn<VmRow>[] = [
  { id: 'name', header: 'Name', accessor: 'name' },
  {
    id: 'status',
    header: 'Status',
    accessor: 'status',
    cell: (vm) => (
      <StatusChip
        status={vm.status === 'Error' ? 'error' : vm.power === 'On' ? 'poweredOn' : 'poweredOff'}
      />
    ),
  },
  { id: 'ip', header: 'IP address', accessor: 'ip' },
  { id: 'os', header: 'OS', accessor: 'os' },
  { id: 'location', header: 'Location', accessor: 'location' },
];

/**
 * Default tracks sized from the content: status chips stay on one line and IP addresses are not
 * cut while other columns have room.
 */
export const StatusAndAddresses: Story = {
  args: { data: vms.slice(0, 6), columns: chipColumns },
  render: (args) => (
    <div style={{ maxWidth: 760 }}>
      <DataTable<VmRow> {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    for (const cell of canvas.getAllByText(/^\d+\.\d+\.\d+\.\d+$/)) {
      await expect(cell.scrollWidth).toBeLessThanOrEqual(cell.clientWidth);
    }
  },
};

/** Below 600px: rows as cards (label as heading, columns as label and value pairs). */
// `phone`: tests/visual captures it at phone width.
export const Phone: Story = {
  tags: ['phone'],
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  args: { data: vms.slice(0, 4), rowActions, busyRowId: vms[1]!.id },
  play: async ({ canvas }) => {
    if (!window.matchMedia('(max-width: 599.98px)').matches) return;
    // The cards' code loads once the phone query matches.
    const list = await canvas.findByRole('list', { name: 'Virtual machines' }, { timeout: 10_000 });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await expect(canvas.queryByRole('grid')).toBeNull();
  },
};

// Tables that fit: narrow tables at the widths a 1,440 px screen leaves beside the drawer.
const HEALTH = ['Over quota', 'Degraded', 'Healthy'] as const;
const JOBS = ['Succeeded', 'Failed', 'Running'] as const;
const fitColumns: DataTableColumn<VmRow>[] = [
  { id: 'name', header: 'Name', accessor: 'name', width: 'minmax(140px, 1.5fr)', hideable: false },
  {
    id: 'health',
    header: 'Health',
    accessor: (vm) => HEALTH[vm.name.length % 3],
    // Narrower than its chips, as lists declare it: the table widens it rather than cut them.
    width: 96,
    priority: 1,
    cell: (vm) => {
      const label = HEALTH[vm.name.length % 3]!;
      return (
        <StatusChip
          status={label === 'Healthy' ? 'success' : label === 'Degraded' ? 'warning' : 'error'}
          label={label}
        />
      );
    },
  },
  {
    id: 'job',
    header: 'Last job',
    accessor: (vm) => JOBS[(vm.memoryGb + vm.vcpu) % 3],
    width: 96,
    priority: 2,
    cell: (vm) => {
      const label = JOBS[(vm.memoryGb + vm.vcpu) % 3]!;
      return (
        <StatusChip
          status={label === 'Succeeded' ? 'SUCCESS' : label === 'Failed' ? 'FAILURE' : 'RUNNING'}
          label={label}
        />
      );
    },
  },
  {
    id: 'sensor',
    header: 'Sensor version',
    accessor: () => '7.13.17931',
    width: 120,
    priority: 2,
    cell: () => (
      <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
        <Mono>7.13.17931</Mono>
        <StatusChip status="warning" label="Outdated" />
      </span>
    ),
  },
  { id: 'vcpu', header: 'vCPU', accessor: 'vcpu', align: 'end', width: 56, priority: 3 },
  { id: 'memory', header: 'Memory', accessor: 'memoryGb', align: 'end', width: 64, priority: 3 },
  { id: 'os', header: 'OS', accessor: 'os', width: 'minmax(130px, 1fr)', priority: 4 },
  { id: 'location', header: 'Location', accessor: 'location', width: 110, priority: 5 },
  { id: 'ip', header: 'IP address', accessor: 'ip', width: 132, priority: 4 },
];

/** Every cell and heading of the grid shows its whole content (nothing ends in an ellipsis). */
async function expectNothingCut(canvasElement: HTMLElement) {
  const grid = within(canvasElement).getByRole('grid');
  for (const cell of grid.querySelectorAll<HTMLElement>('[data-col]')) {
    const id = cell.dataset.col;
    if (!id || id.startsWith('__') || id === 'name' || id === 'os') continue; // flexible: a long name may end in an ellipsis
    for (const part of cell.querySelectorAll<HTMLElement>('*')) {
      await expect(part.scrollWidth, `${id}: ${part.textContent}`).toBeLessThanOrEqual(
        part.clientWidth + 1,
      );
    }
  }
}

/**
 * Narrower than its columns (860 px, as beside the drawer): the least important columns drop out
 * (and stay in "Columns", marked "hidden to fit"), chips, versions and headings are never cut,
 * and the row actions are at the right edge without scrolling.
 */
export const FitsByPriority: Story = {
  args: { data: vms.slice(0, 8), columns: fitColumns, rowActions },
  render: (args) => (
    <div style={{ width: 860 }}>
      <DataTable<VmRow> {...args} />
    </div>
  ),
  play: async ({ canvas, canvasElement, userEvent }) => {
    const grid = canvas.getByRole('grid');
    const scroller = grid.parentElement!;
    await waitFor(() => expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth));
    await expect(canvas.getByRole('columnheader', { name: 'Health' })).toBeVisible();
    await expect(canvas.queryByRole('columnheader', { name: 'Location' })).toBeNull();
    await expectNothingCut(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Columns' }));
    const location = canvas.getByRole('checkbox', { name: /^Location/ });
    await expect(location).not.toBeChecked();
    await expect(location.closest('label')).toHaveTextContent('hidden to fit');
    await userEvent.keyboard('{Escape}');
  },
};

/**
 * Columns the person asked for (all of them) do not drop: the grid scrolls sideways, and the row
 * actions stay pinned at its right edge.
 */
export const PinnedRowActions: Story = {
  args: {
    data: vms.slice(0, 8),
    columns: fitColumns,
    rowActions,
    defaultColumnVisibility: Object.fromEntries(fitColumns.map((column) => [column.id, true])),
  },
  render: (args) => (
    <div style={{ width: 860 }}>
      <DataTable<VmRow> {...args} />
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const grid = canvas.getByRole('grid');
    const scroller = grid.parentElement!;
    await waitFor(() => expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth));
    await expectNothingCut(canvasElement);
    const button = canvas.getByRole('button', { name: `Actions for ${vms[0]!.name}` });
    const edge = scroller.getBoundingClientRect().right;
    await expect(button.closest('td')!.getBoundingClientRect().right).toBeCloseTo(edge, 0);
  },
};
