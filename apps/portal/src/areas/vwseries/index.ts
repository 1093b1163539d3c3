export { VwseriesListPage } from './VwseriesListPage.tsx';
export { VwseriesServicePage } from './VwseriesServicePage.tsx';
// One console for both series: it reads `serviceid` from the route to pick the VM path base.
export { ComputeConsolePage as VwseriesConsolePage } from '../compute/console/index.ts';
