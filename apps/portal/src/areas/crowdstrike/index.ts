import { notAvailable } from '../../kit/NotAvailable.tsx';

export const CrowdstrikeListPage = notAvailable({ title: 'Endpoint security' });
export const MedrDetailPage = notAvailable({ title: 'Managed EDR subscription' });
export const MsspDetailPage = notAvailable({ title: 'MSSP subscription' });
