import { notAvailable } from '../../kit/NotAvailable.tsx';

export const StorageListPage = notAvailable({ title: 'Storage' });
export const StorageCreatePage = notAvailable({ title: 'Create storage' });
export const StorageDetailPage = notAvailable({ title: 'Volume' });
