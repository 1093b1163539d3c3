import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { mdiMagnify } from '@mdi/js';
import { Icon } from '@portal/icons';
import { Button } from '../Button/Button.tsx';
import { ColumnMenu } from './ColumnMenu.tsx';
import {
  FilterInput,
  FilterLabel,
  FilterRow,
  SearchBox,
  SearchInput,
  Select,
  Toolbar as Bar,
  ToolbarEnd,
} from './DataTable.styles.ts';
import type { DataTableColumn } from './DataTable.types.ts';
import type { DataTableModel } from './useDataTable.ts';

interface ToolbarProps<TData extends RowData> {
  model: DataTableModel<TData>;
  /** Show the search box. */
  searchable: boolean;
  searchLabel: string;
  /** The grid the search box controls. */
  gridId: string;
  /** The app's own controls, at the end. */
  children: ReactNode;
  /** The app's own filters, on a row of their own. */
  filters?: ReactNode;
}

/** Search, column filters, "Clear filters", the app's controls and the column menu. */
export function Toolbar<TData extends RowData>({
  model,
  searchable,
  searchLabel,
  gridId,
  children,
  filters,
}: ToolbarProps<TData>) {
  const { table, search, setSearch } = model;
  return (
    <Bar>
      {searchable && model.searchable && (
        <SearchBox>
          <Icon path={mdiMagnify} size={20} />
          <SearchInput
            type="search"
            aria-label={searchLabel}
            aria-controls={gridId}
            placeholder={`${searchLabel}…`}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
        </SearchBox>
      )}
      {model.filterColumns.map((column) => (
        <ColumnFilter
          key={column.id}
          column={column}
          value={table.getColumn(column.id)?.getFilterValue()}
          choices={model.selectChoices.get(column.id)}
          onChange={(value) => table.getColumn(column.id)?.setFilterValue(value || undefined)}
        />
      ))}
      {model.filtering && (
        <Button variant="text" size="small" onClick={model.clearFilters}>
          Clear filters
        </Button>
      )}
      <ToolbarEnd>
        {children}
        <ColumnMenu
          items={model.menuItems}
          onToggle={(id, visible) => table.getColumn(id)?.toggleVisibility(visible)}
        />
      </ToolbarEnd>
      {filters && (
        <FilterRow role="group" aria-label="Filters">
          {filters}
        </FilterRow>
      )}
    </Bar>
  );
}

interface ColumnFilterProps<TData> {
  column: DataTableColumn<TData>;
  value: unknown;
  choices: readonly string[] | undefined;
  onChange: (value: string) => void;
}

function ColumnFilter<TData>({ column, value, choices, onChange }: ColumnFilterProps<TData>) {
  const current = typeof value === 'string' ? value : '';
  return (
    <FilterLabel>
      {column.header}
      {column.filter === 'select' ? (
        <Select value={current} onChange={(event) => onChange(event.currentTarget.value)}>
          <option value="">All</option>
          {choices?.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </Select>
      ) : (
        <FilterInput
          type="text"
          value={current}
          placeholder="Contains…"
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
    </FilterLabel>
  );
}
