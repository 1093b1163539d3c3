export { Menu } from './Menu.tsx';
export type {
  MenuContentProps,
  MenuItemProps,
  MenuLabelProps,
  MenuRootProps,
  MenuSeparatorProps,
  MenuTriggerProps,
} from './Menu.tsx';
