export { VwseriesListPage } from './VwseriesListPage.tsx';
export { VwseriesServicePage } from './VwseriesServicePage.tsx';
export { ComputeConsolePage as VwseriesConsolePage } from '../compute/console/index.ts';
