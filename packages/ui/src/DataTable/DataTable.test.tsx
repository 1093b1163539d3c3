import { createRef, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from './DataTable.tsx';
import type { DataTableBaseProps, DataTableColumn, DataTableHandle } from './DataTable.types.ts';
import { makeVms, type VmRow } from './fixtures.ts';
import { loadVirtualizer } from './useRowWindow.ts';

const columns: DataTableColumn<VmRow>[] = [
  {
    id: 'name',
    header: 'Name',
    accessor: 'name',
    cell: (vm) => <a href={`/compute/${vm.id}`}>{vm.name}</a>,
  },
  { id: 'status', header: 'Status', accessor: 'status', filter: 'select' },
  { id: 'os', header: 'OS', accessor: 'os', filter: 'text' },
  { id: 'vcpu', header: 'vCPU', accessor: 'vcpu', align: 'end' },
  { id: 'location', header: 'Location', accessor: 'location', hideable: false },
];

const vms = makeVms(100);
const getRowId = (vm: VmRow) => vm.id;

type Props = Partial<DataTableBaseProps<VmRow>>;
const renderTable = (props: Props = {}) =>
  render(
    <DataTable
      aria-label="Virtual machines"
      data={vms}
      columns={columns}
      getRowId={getRowId}
      {...props}
    />,
  );

const grid = () => screen.getByRole('grid', { name: 'Virtual machines' });
/** Body rows, in order (the header row has no checkbox of a VM and is first). */
const bodyRows = () => within(grid()).getAllByRole('row').slice(1);
const firstCellTexts = () =>
  bodyRows().map((row) => within(row).getAllByRole('gridcell')[0]?.textContent ?? '');

// Virtualized tables fetch TanStack Virtual on first use; have it here before they render.
beforeAll(() => loadVirtualizer());

afterEach(() => {
  vi.restoreAllMocks();
});

/** happy-dom has no layout: give every element a 1024 × 480 px box, as a scroll area would have. */
function giveScrollAreasAViewport() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(480);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(480);
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(1024);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 1024, height: 480 }),
  );
}

describe('DataTable', () => {
  it('is a named grid with a header row and one page of rows', () => {
    renderTable();
    expect(
      within(grid())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Status', 'OS', 'vCPU', 'Location']);
    expect(bodyRows()).toHaveLength(25);
    expect(grid().getAttribute('aria-rowcount')).toBe('101');
    expect(bodyRows()[0]?.getAttribute('aria-rowindex')).toBe('2');
    expect(screen.getByText('1–25 of 100')).toBeTruthy();
  });

  it('sorts by a column, ascending then descending, and says so with aria-sort', async () => {
    renderTable();
    const header = screen.getByRole('columnheader', { name: 'Name' });
    expect(header.getAttribute('aria-sort')).toBeNull();
    await userEvent.click(within(header).getByRole('button', { name: 'Name' }));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    const ascending = [...vms].map((vm) => vm.name).sort((a, b) => a.localeCompare(b));
    expect(firstCellTexts().slice(0, 3)).toEqual(ascending.slice(0, 3));
    await userEvent.click(within(header).getByRole('button', { name: 'Name' }));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(firstCellTexts()[0]).toBe(ascending.at(-1));
  });

  it('sorts numbers as numbers', async () => {
    renderTable({ defaultSorting: { id: 'vcpu', desc: true } });
    const header = screen.getByRole('columnheader', { name: 'vCPU' });
    expect(header.getAttribute('aria-sort')).toBe('descending');
    const cpus = bodyRows().map((row) =>
      Number(within(row).getAllByRole('gridcell')[3]?.textContent),
    );
    expect(cpus).toEqual([...cpus].sort((a, b) => b - a));
    expect(cpus[0]).toBe(32);
  });

  it('searches every column, ignoring case, with every term', async () => {
    renderTable();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'DEBIAN stopped');
    const expected = vms.filter((vm) => vm.os.startsWith('Debian') && vm.status === 'Stopped');
    expect(expected.length).toBeGreaterThan(0);
    expect(bodyRows()).toHaveLength(expected.length);
    expect(firstCellTexts()).toEqual(expected.map((vm) => vm.name));
    expect(screen.getByRole('status', { name: '' }).textContent).toContain(
      `${expected.length} rows`,
    );
  });

  it('keeps a controlled search in the parent (e.g. the URL)', async () => {
    const onChange = vi.fn();
    function Controlled() {
      const [q, setQ] = useState('gpu');
      return (
        <DataTable
          aria-label="Virtual machines"
          data={vms}
          columns={columns}
          getRowId={getRowId}
          globalFilter={q}
          onGlobalFilterChange={(value) => {
            onChange(value);
            setQ(value);
          }}
        />
      );
    }
    render(<Controlled />);
    expect(firstCellTexts().every((name) => name.startsWith('gpu'))).toBe(true);
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    expect(box.value).toBe('gpu');
    await userEvent.clear(box);
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(bodyRows()).toHaveLength(25);
  });

  it('filters by a select and a text column filter, and clears them', async () => {
    renderTable();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Stopped');
    const stopped = vms.filter((vm) => vm.status === 'Stopped');
    expect(screen.getByText(`1–${Math.min(25, stopped.length)} of ${stopped.length}`)).toBeTruthy();
    for (const row of bodyRows()) expect(row.textContent).toContain('Stopped');

    await userEvent.type(screen.getByRole('textbox', { name: 'OS' }), 'ubuntu');
    const both = stopped.filter((vm) => vm.os.startsWith('Ubuntu'));
    expect(bodyRows()).toHaveLength(both.length);

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByText('1–25 of 100')).toBeTruthy();
  });

  it('says when nothing matches, and offers to clear', async () => {
    renderTable();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'no-such-vm');
    expect(screen.getByText('No rows match the search and filters.')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(bodyRows()).toHaveLength(25);
  });

  it('pages, and changes the page size', async () => {
    renderTable();
    expect(
      (screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('26–50 of 100')).toBeTruthy();
    expect(firstCellTexts()[0]).toBe(vms[25]?.name);
    expect(bodyRows()[0]?.getAttribute('aria-rowindex')).toBe('27');
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(screen.getByText('76–100 of 100')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '10');
    expect(bodyRows()).toHaveLength(10);
  });

  it('selects rows with checkboxes and shows the bulk actions for them', async () => {
    const onBulk = vi.fn();
    renderTable({
      renderBulkActions: (rows, clear) => (
        <button
          type="button"
          onClick={() => {
            onBulk(rows.map((vm) => vm.id));
            clear();
          }}
        >
          Stop
        </button>
      ),
    });
    expect(screen.queryByRole('region', { name: 'Selected rows' })).toBeNull();
    const first = vms[0]!;
    const second = vms[1]!;
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${first.name}` }));
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${second.name}` }));
    const bar = screen.getByRole('region', { name: 'Selected rows' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    expect(bodyRows()[0]?.getAttribute('aria-selected')).toBe('true');
    expect(bodyRows()[2]?.getAttribute('aria-selected')).toBe('false');

    await userEvent.click(within(bar).getByRole('button', { name: 'Stop' }));
    expect(onBulk).toHaveBeenCalledWith([first.id, second.id]);
    expect(screen.queryByRole('region', { name: 'Selected rows' })).toBeNull();
  });

  it('selects the page, then every filtered row', async () => {
    renderTable({ renderBulkActions: () => null });
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' });
    await userEvent.click(all);
    const bar = screen.getByRole('region', { name: 'Selected rows' });
    expect(within(bar).getByText('25 selected')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: 'Select all 100' }));
    expect(within(bar).getByText('100 selected')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selected rows' })).toBeNull();
  });

  it('shows the page checkbox as mixed when some rows are selected', async () => {
    renderTable({ selectable: true });
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${vms[3]!.name}` }));
    const all = screen.getByRole('checkbox', {
      name: 'Select all rows on this page',
    }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    expect(all.checked).toBe(false);
  });

  it('opens a row on click, but not when its link or checkbox is used', async () => {
    const onRowClick = vi.fn();
    renderTable({ onRowClick, selectable: true });
    await userEvent.click(within(bodyRows()[1]!).getAllByRole('gridcell')[2]!);
    expect(onRowClick).toHaveBeenCalledWith(vms[1]);
    onRowClick.mockClear();
    const link = screen.getByRole('link', { name: vms[2]!.name });
    expect(link.getAttribute('href')).toBe(`/compute/${vms[2]!.id}`);
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${vms[2]!.name}` }));
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('moves a single tab stop through the grid with the keyboard', async () => {
    const onRowClick = vi.fn();
    renderTable({ onRowClick, selectable: true });
    // One tab stop: the first row's first data cell holds a link, which takes the focus.
    await userEvent.tab(); // search
    await userEvent.tab(); // status filter
    await userEvent.tab(); // OS filter
    await userEvent.tab(); // Columns
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: vms[0]!.name }));

    await userEvent.keyboard('{ArrowRight}');
    const statusCell = within(bodyRows()[0]!).getAllByRole('gridcell')[2]!;
    expect(document.activeElement).toBe(statusCell);
    expect(statusCell.tabIndex).toBe(0);
    expect(screen.getByRole('link', { name: vms[0]!.name }).tabIndex).toBe(-1);

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(within(bodyRows()[2]!).getAllByRole('gridcell')[2]);

    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledWith(vms[2]);

    await userEvent.keyboard(' ');
    expect(bodyRows()[2]?.getAttribute('aria-selected')).toBe('true');

    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(within(bodyRows()[2]!).getAllByRole('gridcell')[5]);
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(
      screen.getByRole('checkbox', { name: `Select ${vms[2]!.name}` }),
    );

    await userEvent.keyboard('{PageDown}');
    expect(document.activeElement).toBe(
      screen.getByRole('checkbox', { name: `Select ${vms[12]!.name}` }),
    );
    await userEvent.keyboard('{Control>}{End}{/Control}');
    expect(document.activeElement).toBe(within(bodyRows()[24]!).getAllByRole('gridcell')[5]);

    // Up into the header: the sort button is the cell's widget; Enter sorts.
    await userEvent.keyboard('{Control>}{Home}{/Control}{ArrowRight}');
    const sortName = screen.getByRole('button', { name: 'Name' });
    expect(document.activeElement).toBe(sortName);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );

    // Still one tab stop: Tab leaves the grid for the pagination controls.
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Rows per page' }));
  });

  it('renders only a window of 10,000 virtualized rows, keeping their positions', () => {
    giveScrollAreasAViewport();
    const many = makeVms(10_000);
    render(
      <DataTable
        aria-label="Virtual machines"
        data={many}
        columns={columns}
        getRowId={getRowId}
        virtualized
        height={480}
      />,
    );
    const rows = bodyRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(40);
    expect(grid().getAttribute('aria-rowcount')).toBe('10001');
    expect(rows[0]?.getAttribute('aria-rowindex')).toBe('2');
    expect(screen.getAllByText('10,000 rows')).toHaveLength(2); // footer and live status
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });

  it('shows the rows that fit its height before the scroll area is measured', async () => {
    // No layout here, as in a tab not yet shown: the scroll area measures 0 × 0. The body still
    // renders the rows its CSS height holds, not none (a list once went blank once loaded).
    await loadVirtualizer();
    render(
      <DataTable
        aria-label="Virtual machines"
        data={makeVms(500)}
        columns={columns}
        getRowId={getRowId}
        virtualized
        height={320}
      />,
    );
    const rows = bodyRows();
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]?.getAttribute('aria-rowindex')).toBe('2');
  });

  it('keeps the focused row rendered when moving far in a virtualized grid', async () => {
    giveScrollAreasAViewport();
    const many = makeVms(10_000);
    render(
      <DataTable
        aria-label="Virtual machines"
        data={many}
        columns={columns}
        getRowId={getRowId}
        virtualized
      />,
    );
    const cell = within(bodyRows()[0]!).getAllByRole('gridcell')[1]!;
    cell.focus();
    await userEvent.keyboard('{Control>}{End}{/Control}');
    const focusedRow = (document.activeElement as HTMLElement).closest('[role="row"]');
    expect(focusedRow?.getAttribute('aria-rowindex')).toBe('10001');
    expect(bodyRows().length).toBeLessThan(40);
  });

  it('hides and shows columns from the column menu', async () => {
    renderTable();
    const button = screen.getByRole('button', { name: 'Columns' });
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('group', { name: 'Show columns' });
    const os = within(menu).getByRole('checkbox', { name: 'OS' });
    expect(document.activeElement).toBe(within(menu).getByRole('checkbox', { name: 'Name' }));
    expect(
      (within(menu).getByRole('checkbox', { name: 'Location' }) as HTMLInputElement).disabled,
    ).toBe(true);
    await userEvent.click(os);
    expect(screen.queryByRole('columnheader', { name: 'OS' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    await userEvent.click(button);
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Show columns' })).getByRole('checkbox', {
        name: 'OS',
      }),
    );
    expect(screen.getByRole('columnheader', { name: 'OS' })).toBeTruthy();
  });

  it('starts with columns marked defaultHidden hidden', () => {
    render(
      <DataTable
        aria-label="Virtual machines"
        data={vms}
        columns={[
          ...columns,
          { id: 'ip', header: 'IP address', accessor: 'ip', defaultHidden: true },
        ]}
        getRowId={getRowId}
      />,
    );
    expect(screen.queryByRole('columnheader', { name: 'IP address' })).toBeNull();
  });

  it('shows loading, busy, empty and error states', async () => {
    const { rerender } = render(
      <DataTable aria-label="VMs" data={[]} columns={columns} getRowId={getRowId} loading />,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.getByRole('grid', { name: 'VMs' }).getAttribute('aria-busy')).toBe('true');

    rerender(
      <DataTable
        aria-label="VMs"
        data={[]}
        columns={columns}
        getRowId={getRowId}
        emptyState={<p>No virtual machines yet</p>}
      />,
    );
    expect(screen.getByText('No virtual machines yet')).toBeTruthy();

    const onRetry = vi.fn();
    rerender(
      <DataTable
        aria-label="VMs"
        data={vms}
        columns={columns}
        getRowId={getRowId}
        error="The machines could not be loaded."
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The machines could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();

    rerender(
      <DataTable aria-label="VMs" data={vms} columns={columns} getRowId={getRowId} loading />,
    );
    expect(screen.getByRole('grid', { name: 'VMs' }).getAttribute('aria-busy')).toBe('true');
    expect(bodyRowsOf('VMs')).toHaveLength(25);
  });

  it('names the grid by its visible caption', () => {
    render(<DataTable caption="Backups" data={vms} columns={columns} getRowId={getRowId} />);
    expect(screen.getByRole('grid', { name: 'Backups' })).toBeTruthy();
  });
});

function bodyRowsOf(name: string) {
  return within(screen.getByRole('grid', { name })).getAllByRole('row').slice(1);
}

describe('DataTable for the list-page kit', () => {
  const actionsFor = (onSelect: (action: string, vm: VmRow) => void) => (vm: VmRow) => [
    { id: 'restart', label: 'Restart', onSelect: () => onSelect('restart', vm) },
    {
      id: 'console',
      label: 'Open console',
      onSelect: () => onSelect('console', vm),
      disabledReason: vm.power === 'Off' ? 'The virtual machine is off.' : undefined,
    },
    {
      id: 'delete',
      label: 'Delete',
      tone: 'danger' as const,
      onSelect: () => onSelect('delete', vm),
    },
  ];

  it('offers row actions in a menu named after the row, reachable with the grid keys', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const onRowClick = vi.fn();
    renderTable({ rowActions: actionsFor(onSelect), onRowClick });
    const first = vms[0]!;
    expect(within(grid()).getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    // Into the grid at the first row's status cell, then to the row's end.
    await user.click(within(bodyRows()[0]!).getAllByRole('gridcell')[1]!);
    onRowClick.mockClear();
    await user.keyboard('{End}');
    const kebab = screen.getByRole('button', { name: `Actions for ${first.name}` });
    expect(document.activeElement).toBe(kebab);
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Restart' }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('restart', first);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('keeps a disabled row action in the menu with its reason, and does nothing', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const off = vms.find((vm) => vm.power === 'Off')!;
    renderTable({ data: [off], rowActions: actionsFor(onSelect) });
    await user.click(screen.getByRole('button', { name: `Actions for ${off.name}` }));
    const item = await screen.findByRole('menuitem', { name: 'Open console' });
    expect(item.getAttribute('aria-disabled')).toBe('true');
    const reason = document.getElementById(item.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('The virtual machine is off.');
    await user.click(item);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('hands column visibility to the app and follows it when controlled', async () => {
    const user = userEvent.setup();
    const onColumnVisibilityChange = vi.fn();
    const { rerender } = render(
      <DataTable
        aria-label="Virtual machines"
        data={vms}
        columns={columns}
        getRowId={getRowId}
        columnVisibility={{ os: false }}
        onColumnVisibilityChange={onColumnVisibilityChange}
      />,
    );
    expect(within(grid()).queryByRole('columnheader', { name: 'OS' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('checkbox', { name: 'vCPU' }));
    expect(onColumnVisibilityChange).toHaveBeenCalledExactlyOnceWith({ os: false, vcpu: false });
    // Controlled: nothing changes until the app passes the new value.
    expect(within(grid()).getByRole('columnheader', { name: 'vCPU' })).toBeTruthy();
    rerender(
      <DataTable
        aria-label="Virtual machines"
        data={vms}
        columns={columns}
        getRowId={getRowId}
        columnVisibility={{ vcpu: false }}
        onColumnVisibilityChange={onColumnVisibilityChange}
      />,
    );
    expect(within(grid()).queryByRole('columnheader', { name: 'vCPU' })).toBeNull();
    expect(within(grid()).getByRole('columnheader', { name: 'OS' })).toBeTruthy();
  });

  it('starts from defaultColumnVisibility when uncontrolled', () => {
    renderTable({ defaultColumnVisibility: { status: false } });
    expect(within(grid()).queryByRole('columnheader', { name: 'Status' })).toBeNull();
  });

  it('reports the filtered, sorted rows of every page, and gives them through a ref', async () => {
    const user = userEvent.setup();
    const onFilteredRowsChange = vi.fn();
    const ref = createRef<DataTableHandle<VmRow>>();
    render(
      <DataTable
        ref={ref}
        aria-label="Virtual machines"
        data={vms}
        columns={columns}
        getRowId={getRowId}
        defaultSorting={{ id: 'vcpu', desc: true }}
        onFilteredRowsChange={onFilteredRowsChange}
      />,
    );
    expect(onFilteredRowsChange).toHaveBeenLastCalledWith(
      [...vms].sort((a, b) => b.vcpu - a.vcpu || vms.indexOf(a) - vms.indexOf(b)),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Frankfurt');
    const expected = vms
      .filter((vm) => vm.location === 'Frankfurt')
      .sort((a, b) => b.vcpu - a.vcpu || vms.indexOf(a) - vms.indexOf(b));
    await vi.waitFor(() => expect(onFilteredRowsChange).toHaveBeenLastCalledWith(expected));
    expect(expected.length).toBeGreaterThan(10);
    expect(ref.current?.getVisibleRows()).toEqual(expected);
    expect(ref.current?.getVisibleColumns().map((column) => column.id)).toEqual([
      'name',
      'status',
      'os',
      'vcpu',
      'location',
    ]);
  });

  it('shows a busy row with aria-busy and a spinner', () => {
    renderTable({ busyRowId: vms[1]!.id, onRowClick: vi.fn() });
    const [first, second] = bodyRows();
    expect(first?.getAttribute('aria-busy')).toBeNull();
    expect(second?.getAttribute('aria-busy')).toBe('true');
    expect(within(second!).getByText('Working…')).toBeTruthy();
  });

  it('shows every row with a task under way as busy, beside the one being opened', () => {
    renderTable({ busyRowId: vms[0]!.id, busyRowIds: [vms[2]!.id, vms[3]!.id] });
    const busy = bodyRows().map((row) => row.getAttribute('aria-busy') === 'true');
    expect(busy.slice(0, 5)).toEqual([true, false, true, true, false]);
  });
});

describe('DataTable below 600px', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('shows the rows as a list of cards with label and value pairs, row click and actions', async () => {
    window.matchMedia = (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList;
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    const onSelect = vi.fn();
    renderTable({
      onRowClick,
      defaultPageSize: 10,
      rowActions: (vm) => [{ id: 'restart', label: 'Restart', onSelect: () => onSelect(vm) }],
    });
    expect(screen.queryByRole('grid')).toBeNull();
    // The cards' code loads once the phone query matches.
    const list = await screen.findByRole('list', { name: 'Virtual machines' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(10);
    const first = vms[0]!;
    const card = cards[0]!;
    expect(within(card).getByRole('heading', { name: first.name })).toBeTruthy();
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    // The name titles the card; it is not repeated among the fields.
    expect(terms).toEqual(['Status', 'OS', 'vCPU', 'Location']);
    expect(within(card).getAllByRole('definition')[1]?.textContent).toBe(first.os);
    await user.click(within(card).getByRole('button', { name: first.name }));
    expect(onRowClick).toHaveBeenCalledExactlyOnceWith(first);
    await user.click(within(card).getByRole('button', { name: `Actions for ${first.name}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Restart' }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(first);
    expect(onRowClick).toHaveBeenCalledOnce();
  });
});
