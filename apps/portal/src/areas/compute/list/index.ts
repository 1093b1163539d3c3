export { ComputeListPage } from './ComputeListPage.tsx';
