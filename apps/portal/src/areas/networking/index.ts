import { notAvailable } from '../../kit/NotAvailable.tsx';

export const NetworkingListPage = notAvailable({ title: 'Networks' });
export const NetworkingCreatePage = notAvailable({ title: 'Create a network' });
export const NetworkingDetailPage = notAvailable({ title: 'Network' });
