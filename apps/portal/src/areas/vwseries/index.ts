export { VwseriesListPage } from './VwseriesListPage.tsx';
export { VwseriesServicePage } from './VwseriesServicePage.tsx';
