export { ComputeCreatePage } from './ComputeCreatePage.tsx';
