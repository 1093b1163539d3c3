export { ComputeDetailPage } from './ComputeDetailPage.tsx';
