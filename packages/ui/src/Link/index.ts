export { Link, LinkProvider } from './Link.tsx';
export type { LinkComponent, LinkComponentProps, LinkProps, LinkProviderProps } from './Link.tsx';
