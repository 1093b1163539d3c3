import { notAvailable } from '../shared/NotAvailable.tsx';

export { VwseriesListPage } from './VwseriesListPage.tsx';
export { VwseriesServicePage } from './VwseriesServicePage.tsx';
export const VwseriesConsolePage = notAvailable({ title: 'Console', fullPage: true });
