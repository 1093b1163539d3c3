export { ComputeConsolePage } from './ComputeConsolePage.tsx';
