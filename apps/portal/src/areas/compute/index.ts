import { notAvailable } from '../shared/NotAvailable.tsx';

export const ComputeListPage = notAvailable({ title: 'Virtual machines' });
export const ComputeCreatePage = notAvailable({ title: 'Create a virtual machine' });
export { ComputeDetailPage } from './detail/index.ts';
export { ComputeConsolePage } from './console/index.ts';
