import { notAvailable } from '../shared/NotAvailable.tsx';

export const DseriesListPage = notAvailable({ title: 'D series' });
