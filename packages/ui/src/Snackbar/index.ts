export { Snackbar } from './Snackbar.tsx';
export type { SnackbarProps } from './Snackbar.tsx';
