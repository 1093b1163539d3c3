export { LinkButton } from './LinkButton.tsx';
export type { LinkButtonProps } from './LinkButton.tsx';
