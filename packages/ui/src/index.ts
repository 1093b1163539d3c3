// Theme
export {
  GlobalStyle,
  ThemeProvider,
  getThemeMode,
  setThemeMode,
  theme,
  themeBootScript,
} from './theme/index.ts';
export type {
  ColorKind,
  FeedbackKind,
  ThemeMode,
  ThemeProviderProps,
  UiTheme,
} from './theme/index.ts';

// Actions
export { Button } from './Button/index.ts';
export type {
  ButtonAppearance,
  ButtonProps,
  ButtonSize,
  ButtonTone,
  ButtonVariant,
} from './Button/index.ts';
export { LinkButton } from './LinkButton/index.ts';
export type { LinkButtonProps } from './LinkButton/index.ts';
export { IconButton } from './IconButton/index.ts';
export type { IconButtonProps } from './IconButton/index.ts';
export { BackButton } from './BackButton/index.ts';
export type { BackButtonAsButton, BackButtonAsLink, BackButtonProps } from './BackButton/index.ts';
export { ThemeToggle } from './ThemeToggle/index.ts';
export type { ThemeToggleProps } from './ThemeToggle/index.ts';

// Forms
export { TextField } from './TextField/index.ts';
export type { TextFieldProps } from './TextField/index.ts';
export { PasswordField } from './PasswordField/index.ts';
export type { PasswordFieldProps } from './PasswordField/index.ts';

// Content and feedback
export { Card } from './Card/index.ts';
export type { CardProps } from './Card/index.ts';
export { Alert } from './Alert/index.ts';
export type { AlertProps } from './Alert/index.ts';
export { Snackbar } from './Snackbar/index.ts';
export type { SnackbarProps } from './Snackbar/index.ts';
export { Spinner } from './Spinner/index.ts';
export type { SpinnerProps } from './Spinner/index.ts';
export { EmptyState } from './EmptyState/index.ts';
export type { EmptyStateProps } from './EmptyState/index.ts';
export { ErrorState } from './ErrorState/index.ts';
export type { ErrorStateProps } from './ErrorState/index.ts';

// Layout
export { AppShell } from './AppShell/index.ts';
export type { AppShellProps, NavItem } from './AppShell/index.ts';
export { PageHeader } from './PageHeader/index.ts';
export type { PageHeaderCrumb, PageHeaderProps } from './PageHeader/index.ts';

// Data display
export { TreeView } from './TreeView/index.ts';
export type { TreeNode, TreeViewProps } from './TreeView/index.ts';
export {
  GRAPH_MAX_ZOOM,
  GRAPH_MIN_ZOOM,
  NetworkGraph,
  layoutNetwork,
} from './NetworkGraph/index.ts';
export type {
  LayoutOptions,
  NetworkEdge,
  NetworkGraphProps,
  NetworkGraphView,
  NetworkNode,
  NetworkNodeKind,
  NetworkNodeStatus,
  NodePosition,
} from './NetworkGraph/index.ts';
export {
  MetricChart,
  METRIC_RANGES,
  RANGE_LABEL,
  RANGE_MS,
  describeChart,
  formatValue,
  summarizeSeries,
} from './MetricChart/index.ts';
export type {
  MetricChartProps,
  MetricRange,
  MetricSeries,
  MetricUnit,
  SeriesSummary,
} from './MetricChart/index.ts';

// Data
export { DataTable } from './DataTable/index.ts';
export type {
  DataTableAccessor,
  DataTableBaseProps,
  DataTableColumn,
  DataTableName,
  DataTableProps,
  DataTableSort,
  DataTableValue,
} from './DataTable/index.ts';
