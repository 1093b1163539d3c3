export { Menu } from './Menu.tsx';
export type {
  MenuAction,
  MenuActionsProps,
  MenuContentProps,
  MenuItemProps,
  MenuLabelProps,
  MenuRootProps,
  MenuSeparatorProps,
  MenuTriggerProps,
} from './Menu.tsx';
