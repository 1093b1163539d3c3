import { notAvailable } from '../shared/NotAvailable.tsx';

export const MonitoringListPage = notAvailable({ title: 'Monitoring' });
export const MonitoringCreatePage = notAvailable({ title: 'Create monitoring' });
