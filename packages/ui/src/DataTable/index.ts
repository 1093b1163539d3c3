export { DataTable } from './DataTable.tsx';
export type {
  DataTableAccessor,
  DataTableBaseProps,
  DataTableColumn,
  DataTableName,
  DataTableProps,
  DataTableSort,
  DataTableValue,
} from './DataTable.types.ts';
