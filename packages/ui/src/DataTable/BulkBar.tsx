import type { ReactNode } from 'react';
import type { RowData } from '@tanstack/react-table';
import { Button } from '../Button/Button.tsx';
import { BulkActions, BulkBar as Bar, BulkCount } from './DataTable.styles.ts';
import { count } from './tableModel.ts';
import type { DataTableModel } from './useDataTable.ts';

interface BulkBarProps<TData extends RowData> {
  model: DataTableModel<TData>;
  virtualized: boolean;
  renderBulkActions: ((selectedRows: TData[], clearSelection: () => void) => ReactNode) | undefined;
}

/** While rows are selected: how many, "Select all N", the app's bulk actions, "Clear selection". */
export function BulkBar<TData extends RowData>({
  model,
  virtualized,
  renderBulkActions,
}: BulkBarProps<TData>) {
  const { table, selectedRows, filteredCount } = model;
  const selectedCount = selectedRows.length;
  if (!model.selectable || selectedCount === 0) return null;
  const clearSelection = () => table.resetRowSelection(true);
  return (
    <Bar aria-label="Selected rows">
      <BulkCount>{count.format(selectedCount)} selected</BulkCount>
      {!virtualized && model.allPageSelected && selectedCount < filteredCount && (
        <Button variant="text" size="small" onClick={() => table.toggleAllRowsSelected(true)}>
          Select all {count.format(filteredCount)}
        </Button>
      )}
      <BulkActions>
        {renderBulkActions?.(
          selectedRows.map((row) => row.original),
          clearSelection,
        )}
      </BulkActions>
      <Button variant="text" size="small" onClick={clearSelection}>
        Clear selection
      </Button>
    </Bar>
  );
}
