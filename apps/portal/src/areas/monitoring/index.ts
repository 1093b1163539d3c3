// The pages the monitoring manifest loads.
export { MonitoringListPage } from './MonitoringListPage.tsx';
export { MonitoringDetailPage } from './MonitoringDetailPage.tsx';
export { MonitoringCreatePage } from './MonitoringCreatePage.tsx';
