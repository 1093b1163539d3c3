import { notAvailable } from '../shared/NotAvailable.tsx';

export const VwseriesListPage = notAvailable({ title: 'VW series' });
export const VwseriesServicePage = notAvailable({ title: 'VW series service' });
export { ComputeConsolePage as VwseriesConsolePage } from '../compute/console/index.ts';
