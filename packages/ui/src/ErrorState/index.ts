export { ErrorState } from './ErrorState.tsx';
export type { ErrorStateProps } from './ErrorState.tsx';
