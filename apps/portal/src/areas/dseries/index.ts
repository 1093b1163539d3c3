export { DseriesListPage } from './DseriesListPage.tsx';
