import { notAvailable } from '../shared/NotAvailable.tsx';

export { ComputeListPage } from './list/ComputeListPage.tsx';
export { ComputeCreatePage } from './create/ComputeCreatePage.tsx';
export const ComputeDetailPage = notAvailable({ title: 'Virtual machine' });
export const ComputeConsolePage = notAvailable({
  title: 'Console of virtual machine',
  fullPage: true,
});
