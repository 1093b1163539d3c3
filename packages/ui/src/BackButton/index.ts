export { BackButton } from './BackButton.tsx';
export type { BackButtonAsButton, BackButtonAsLink, BackButtonProps } from './BackButton.tsx';
