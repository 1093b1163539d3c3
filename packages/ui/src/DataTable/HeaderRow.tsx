import { useLayoutEffect, useRef } from 'react';
import type { RowData } from '@tanstack/react-table';
import { mdiArrowDown, mdiArrowUp } from '@mdi/js';
import { Icon } from '@portal/icons';
import { Checkbox, HeaderText, SortButton, VisuallyHidden } from './DataTable.styles.ts';
import { ACTIONS_COLUMN_ID, cellAttributes } from './tableModel.ts';
import type { DataTableModel } from './useDataTable.ts';

interface HeaderRowProps<TData extends RowData> {
  model: DataTableModel<TData>;
  virtualized: boolean;
}

/** The header row: the select-all checkbox, sort buttons and plain headings. */
export function HeaderRow<TData extends RowData>({ model, virtualized }: HeaderRowProps<TData>) {
  const { table, rows, allPageSelected, somePageSelected } = model;
  const selectAllRef = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = somePageSelected;
  }, [somePageSelected]);

  return (
    <thead role="rowgroup">
      <tr role="row" aria-rowindex={1} data-ri={-1}>
        {model.visibleColumns.map((view, ci) => {
          if (view.id === ACTIONS_COLUMN_ID) {
            return (
              <th key={view.id} role="columnheader" {...cellAttributes(ci, view)}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            );
          }
          if (!view.def) {
            return (
              <th key={view.id} role="columnheader" {...cellAttributes(ci, view)}>
                <Checkbox
                  ref={selectAllRef}
                  tabIndex={-1}
                  checked={allPageSelected}
                  disabled={rows.length === 0}
                  onChange={table.getToggleAllPageRowsSelectedHandler()}
                  aria-label={virtualized ? 'Select all rows' : 'Select all rows on this page'}
                />
              </th>
            );
          }
          const column = table.getColumn(view.id);
          const sorted = column?.getIsSorted() ?? false;
          const canSort = column?.getCanSort() ?? false;
          return (
            <th
              key={view.id}
              role="columnheader"
              {...cellAttributes(ci, view)}
              aria-sort={
                sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
              }
            >
              {canSort && column ? (
                <SortButton
                  type="button"
                  tabIndex={-1}
                  data-sorted={Boolean(sorted)}
                  onClick={column.getToggleSortingHandler()}
                >
                  <HeaderText>{view.def.header}</HeaderText>
                  <Icon path={sorted === 'desc' ? mdiArrowDown : mdiArrowUp} size={16} />
                </SortButton>
              ) : (
                <HeaderText>{view.def.header}</HeaderText>
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
