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

// Routing
export { Link, LinkProvider } from './Link/index.ts';
export type {
  LinkComponent,
  LinkComponentProps,
  LinkProps,
  LinkProviderProps,
} from './Link/index.ts';

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
export { NumberField } from './NumberField/index.ts';
export type { NumberFieldProps } from './NumberField/index.ts';
export { Select } from './Select/index.ts';
export type { SelectOption, SelectProps } from './Select/index.ts';
export { Checkbox } from './Checkbox/index.ts';
export type { CheckboxProps, CheckedState } from './Checkbox/index.ts';
export { Switch } from './Switch/index.ts';
export type { SwitchProps } from './Switch/index.ts';
export { RadioGroup } from './RadioGroup/index.ts';
export type { RadioGroupProps, RadioOption } from './RadioGroup/index.ts';

// Content and feedback
export { Card } from './Card/index.ts';
export type { CardProps } from './Card/index.ts';
export { Alert } from './Alert/index.ts';
export type { AlertProps } from './Alert/index.ts';
export { Snackbar, createSnackbarQueue } from './Snackbar/index.ts';
export type {
  SnackbarProps,
  SnackbarQueue,
  SnackbarQueueTiming,
  SnackbarState,
} from './Snackbar/index.ts';
export { Spinner } from './Spinner/index.ts';
export type { SpinnerProps } from './Spinner/index.ts';
export { EmptyState } from './EmptyState/index.ts';
export type { EmptyStateProps } from './EmptyState/index.ts';
export { ErrorState } from './ErrorState/index.ts';
export type { ErrorStateProps } from './ErrorState/index.ts';
export { StatusChip } from './StatusChip/index.ts';
export type { StatusChipKind, StatusChipProps } from './StatusChip/index.ts';
export { Meter, meterLevel } from './Meter/index.ts';
export type { MeterLevel, MeterProps } from './Meter/index.ts';
export { Sparkline, sparklinePath, describeSparkline } from './Sparkline/index.ts';
export type { SparklineProps } from './Sparkline/index.ts';
export { StatTile, StatGrid } from './StatTile/index.ts';
export type { StatTileProps, StatTone } from './StatTile/index.ts';
export { Skeleton, SkeletonGroup } from './Skeleton/index.ts';
export type { SkeletonGroupProps, SkeletonProps, SkeletonVariant } from './Skeleton/index.ts';
export { TaskCentre } from './TaskCentre/index.ts';
export type { TaskCentreItem, TaskCentreProps, TaskCentreState } from './TaskCentre/index.ts';
export { Tooltip, TooltipProvider } from './Tooltip/index.ts';
export type { TooltipProps, TooltipProviderProps } from './Tooltip/index.ts';

// Overlays
export { Dialog } from './Dialog/index.ts';
export type {
  DialogActionsProps,
  DialogBodyProps,
  DialogCloseProps,
  DialogContentProps,
  DialogDescriptionProps,
  DialogRootProps,
  DialogSize,
  DialogTitleProps,
  DialogTriggerProps,
} from './Dialog/index.ts';
export { ConfirmDialog } from './ConfirmDialog/index.ts';
export type { ConfirmDialogProps, ConfirmDialogTone } from './ConfirmDialog/index.ts';
export { Menu } from './Menu/index.ts';
export type {
  MenuAction,
  MenuActionsProps,
  MenuContentProps,
  MenuItemProps,
  MenuLabelProps,
  MenuRootProps,
  MenuSeparatorProps,
  MenuTriggerProps,
} from './Menu/index.ts';

// Layout
export { AppShell } from './AppShell/index.ts';
export type { AppShellProps, NavItem } from './AppShell/index.ts';
export { PageHeader } from './PageHeader/index.ts';
export type { PageHeaderCrumb, PageHeaderProps } from './PageHeader/index.ts';
export { Tabs } from './Tabs/index.ts';
export type {
  TabsContentProps,
  TabsListProps,
  TabsRootProps,
  TabsTriggerProps,
} from './Tabs/index.ts';
export { Stepper } from './Stepper/index.ts';
export type { StepperProps, StepperStep, StepState } from './Stepper/index.ts';

// Data display
export { KeyValue } from './KeyValue/index.ts';
export type { KeyValueItem, KeyValueProps } from './KeyValue/index.ts';
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
export { DataTable, downloadCsv, toCsv } from './DataTable/index.ts';
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
} from './DataTable/index.ts';

// Hidden from sight, still read by assistive technology (a css fragment for styled components).
export { visuallyHidden } from './internal/visuallyHidden.ts';
