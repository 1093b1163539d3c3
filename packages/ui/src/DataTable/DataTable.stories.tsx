import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import styled from 'styled-components';
import { mdiDelete, mdiPlay, mdiServerOff, mdiStop } from '@mdi/js';
import { Button } from '../Button/Button.tsx';
import { EmptyState } from '../EmptyState/EmptyState.tsx';
import { theme } from '../theme/theme.ts';
import { DataTable } from './DataTable.tsx';
import type { DataTableColumn } from './DataTable.types.ts';
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
