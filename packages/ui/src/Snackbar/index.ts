export { Snackbar } from './Snackbar.tsx';
export type { SnackbarProps } from './Snackbar.tsx';
export { createSnackbarQueue } from './snackbarQueue.ts';
export type { SnackbarQueue, SnackbarQueueTiming, SnackbarState } from './snackbarQueue.ts';
