export { Button } from './Button.tsx';
export type {
  ButtonAppearance,
  ButtonProps,
  ButtonSize,
  ButtonTone,
  ButtonVariant,
} from './Button.tsx';
