import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from './DataTable.tsx';
import type { DataTableColumn, DataTableHandle } from './DataTable.types.ts';
import { makeVms, type VmRow } from './fixtures.ts';

// Fixed widths, so the least width of the grid is known: 200 + 120 + 200 + 100 + 150 + 56.
const columns: DataTableColumn<VmRow>[] = [
  { id: 'name', header: 'Name', accessor: 'name', width: 200, hideable: false },
  { id: 'status', header: 'Status', accessor: 'status', width: 120, priority: 1 },
  { id: 'os', header: 'OS', accessor: 'os', width: 200, priority: 4 },
  { id: 'vcpu', header: 'vCPU', accessor: 'vcpu', width: 100, priority: 2 },
  { id: 'location', header: 'Location', accessor: 'location', width: 150 },
];
const vms = makeVms(5);

/** happy-dom has no layout: the grid's scroller (and everything else) is `width` px wide. */
const giveWidth = (width: number) =>
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);

const headers = () =>
  within(screen.getByRole('grid', { name: 'Virtual machines' }))
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DataTable narrower than its columns', () => {
  it('drops the least important columns, keeps row actions pinned, and offers the rest in "Columns"', async () => {
    giveWidth(600);
    const ref = createRef<DataTableHandle<VmRow>>();
    render(
      <DataTable
        aria-label="Virtual machines"
        data={vms}
        columns={columns}
        getRowId={(vm) => vm.id}
        rowActions={() => [{ id: 'start', label: 'Start', onSelect: () => {} }]}
        ref={ref}
      />,
    );
    // 826 px of columns in 600: OS (priority 4) drops, then Location (default 3, rightmost).
    expect(headers()).toEqual(['Name', 'Status', 'vCPU', 'Actions']);
    const grid = screen.getByRole('grid', { name: 'Virtual machines' });
    const actionCells = grid.querySelectorAll('[data-col="__actions"]');
    expect(actionCells).toHaveLength(vms.length + 1);
    for (const cell of actionCells) expect(cell.getAttribute('data-pin')).toBe('end');
    // An export still writes what the person chose to see.
    expect(ref.current?.getVisibleColumns().map((column) => column.id)).toEqual([
      'name',
      'status',
      'os',
      'vcpu',
      'location',
    ]);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const os = screen.getByRole<HTMLInputElement>('checkbox', { name: /^OS/ });
    expect(os.checked).toBe(false);
    expect(os.closest('label')?.textContent).toContain('hidden to fit');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /^Location/ }).checked).toBe(
      false,
    );
    // Asking for OS keeps it; vCPU and Location make room instead.
    await user.click(os);
    expect(headers()).toEqual(['Name', 'Status', 'OS', 'Actions']);
  });

  it('shows every column when they fit', () => {
    giveWidth(1200);
    render(
      <DataTable
        aria-label="Virtual machines"
        data={vms}
        columns={columns}
        getRowId={(vm) => vm.id}
      />,
    );
    expect(headers()).toEqual(['Name', 'Status', 'OS', 'vCPU', 'Location']);
  });

  it('measures its content once, after the columns that drop are known', () => {
    giveWidth(600);
    const measured: string[][] = [];
    const setAttribute = Element.prototype.setAttribute;
    vi.spyOn(Element.prototype, 'setAttribute').mockImplementation(function (
      this: Element,
      name: string,
      value: string,
    ) {
      if (name === 'data-measuring')
        measured.push(
          [...this.querySelectorAll<HTMLElement>('th[data-col]')].map(
            (cell) => cell.dataset.col ?? '',
          ),
        );
      setAttribute.call(this, name, value);
    });
    render(
      <DataTable
        aria-label="Virtual machines"
        data={vms}
        columns={columns}
        getRowId={(vm) => vm.id}
      />,
    );
    // One pass, over the columns shown: not a first one over every column, then another.
    expect(measured).toEqual([['name', 'status', 'vcpu', 'location']]);
  });
});
