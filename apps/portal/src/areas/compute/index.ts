import { notAvailable } from '../shared/NotAvailable.tsx';

export const ComputeListPage = notAvailable({ title: 'Virtual machines' });
export const ComputeCreatePage = notAvailable({ title: 'Create a virtual machine' });
export const ComputeDetailPage = notAvailable({ title: 'Virtual machine' });
export const ComputeConsolePage = notAvailable({
  title: 'Console of virtual machine',
  fullPage: true,
});
