// Theme
export * from './theme/index.ts';

// Routing
export * from './Link/index.ts';

// Actions
export * from './Button/index.ts';
export * from './LinkButton/index.ts';
export * from './IconButton/index.ts';
export * from './BackButton/index.ts';
export * from './ThemeToggle/index.ts';

// Forms
export * from './TextField/index.ts';
export * from './PasswordField/index.ts';
export * from './NumberField/index.ts';
export * from './Select/index.ts';
export * from './Checkbox/index.ts';
export * from './Switch/index.ts';
export * from './RadioGroup/index.ts';

// Content and feedback
export * from './Card/index.ts';
export * from './Alert/index.ts';
export * from './Snackbar/index.ts';
export * from './Spinner/index.ts';
export * from './EmptyState/index.ts';
export * from './ErrorState/index.ts';
export * from './StatusChip/index.ts';
export * from './Meter/index.ts';
export * from './Sparkline/index.ts';
export * from './StatTile/index.ts';
export * from './Skeleton/index.ts';
export * from './TaskCentre/index.ts';
export * from './Tooltip/index.ts';

// Overlays
export * from './Dialog/index.ts';
export * from './ConfirmDialog/index.ts';
export * from './Menu/index.ts';

// Layout
export * from './AppShell/index.ts';
export * from './PageHeader/index.ts';
export * from './Tabs/index.ts';
export * from './Stepper/index.ts';

// Data display
export * from './KeyValue/index.ts';
export * from './TreeView/index.ts';
export * from './NetworkGraph/index.ts';
export * from './MetricChart/index.ts';

// Data
export * from './DataTable/index.ts';

// Hidden from sight, still read by assistive technology (a css fragment for styled components).
export { visuallyHidden } from './internal/visuallyHidden.ts';
