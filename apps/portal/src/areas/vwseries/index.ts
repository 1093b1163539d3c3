import { notAvailable } from '../shared/NotAvailable.tsx';

export const VwseriesListPage = notAvailable({ title: 'VW series' });
export const VwseriesServicePage = notAvailable({ title: 'VW series service' });
export const VwseriesConsolePage = notAvailable({ title: 'Console', fullPage: true });
