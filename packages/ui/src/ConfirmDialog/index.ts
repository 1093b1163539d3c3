export { ConfirmDialog } from './ConfirmDialog.tsx';
export type { ConfirmDialogProps, ConfirmDialogTone } from './ConfirmDialog.tsx';
