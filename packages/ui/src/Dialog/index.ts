export { Dialog } from './Dialog.tsx';
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
} from './Dialog.tsx';
