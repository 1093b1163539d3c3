export { ComputeListPage } from './list/ComputeListPage.tsx';
export { ComputeCreatePage } from './create/ComputeCreatePage.tsx';
export { ComputeDetailPage } from './detail/index.ts';
export { ComputeConsolePage } from './console/index.ts';
