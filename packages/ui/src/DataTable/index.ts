export { DataTable } from './DataTable.tsx';
export { downloadCsv, toCsv } from './csv.ts';
export type {
  DataTableAccessor,
  DataTableBaseProps,
  DataTableColumn,
  DataTableColumnVisibility,
  DataTableHandle,
  DataTableName,
  DataTableProps,
  DataTableRowAction,
  DataTableSort,
  DataTableValue,
} from './DataTable.types.ts';
