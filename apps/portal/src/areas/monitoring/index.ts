import { notAvailable } from '../../kit/NotAvailable.tsx';

export const MonitoringListPage = notAvailable({ title: 'Monitoring' });
export const MonitoringCreatePage = notAvailable({ title: 'Create monitoring' });
