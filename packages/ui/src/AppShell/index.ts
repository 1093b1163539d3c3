export { AppShell } from './AppShell.tsx';
export type { AppShellProps, NavItem } from './AppShell.tsx';
