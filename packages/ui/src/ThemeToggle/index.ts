export { ThemeToggle } from './ThemeToggle.tsx';
export type { ThemeToggleProps } from './ThemeToggle.tsx';
