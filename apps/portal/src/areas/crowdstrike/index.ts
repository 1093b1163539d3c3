export { CrowdstrikeListPage } from './CrowdstrikeListPage.tsx';
export { MedrDetailPage } from './MedrDetailPage.tsx';
export { MsspDetailPage } from './MsspDetailPage.tsx';
