import type { RowData } from '@tanstack/react-table';
import { mdiChevronLeft, mdiChevronRight, mdiPageFirst, mdiPageLast } from '@mdi/js';
import { IconButton } from '../IconButton/IconButton.tsx';
import { FilterLabel, Footer, FooterGroup, RangeText, Select } from './DataTable.styles.ts';
import { count } from './tableModel.ts';
import type { DataTableModel } from './useDataTable.ts';

interface PaginationProps<TData extends RowData> {
  model: DataTableModel<TData>;
  virtualized: boolean;
  pageSizeOptions: readonly number[];
}

/** The footer: rows per page, the range shown and the page buttons (only the count when virtualized). */
export function Pagination<TData extends RowData>({
  model,
  virtualized,
  pageSizeOptions,
}: PaginationProps<TData>) {
  const { table, filteredCount, firstShown, rows, pageSize } = model;
  return (
    <Footer>
      {!virtualized && (
        <FilterLabel>
          Rows per page
          <Select
            value={pageSize}
            onChange={(event) => table.setPageSize(Number(event.currentTarget.value))}
          >
            {pageSizeOptions.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        </FilterLabel>
      )}
      <RangeText>
        {virtualized || filteredCount === 0
          ? `${count.format(filteredCount)} ${filteredCount === 1 ? 'row' : 'rows'}`
          : `${count.format(firstShown)}–${count.format(firstShown + rows.length - 1)} of ${count.format(filteredCount)}`}
      </RangeText>
      {!virtualized && (
        <FooterGroup>
          <IconButton
            size="small"
            icon={mdiPageFirst}
            aria-label="First page"
            disabled={!table.getCanPreviousPage()}
            onClick={() => table.firstPage()}
          />
          <IconButton
            size="small"
            icon={mdiChevronLeft}
            aria-label="Previous page"
            disabled={!table.getCanPreviousPage()}
            onClick={() => table.previousPage()}
          />
          <IconButton
            size="small"
            icon={mdiChevronRight}
            aria-label="Next page"
            disabled={!table.getCanNextPage()}
            onClick={() => table.nextPage()}
          />
          <IconButton
            size="small"
            icon={mdiPageLast}
            aria-label="Last page"
            disabled={!table.getCanNextPage()}
            onClick={() => table.lastPage()}
          />
        </FooterGroup>
      )}
    </Footer>
  );
}
