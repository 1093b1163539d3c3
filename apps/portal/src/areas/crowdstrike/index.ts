export { CrowdstrikeListPage } from './CrowdstrikeListPage.tsx';
export { MedrDetailPage } from './MedrDetailPage.tsx';
export { MsspDetailPage } from './MsspDetailPage.tsx';
export { EdrDetectionPage } from './EdrDetectionPage.tsx';
export { EdrHostPage } from './EdrHostPage.tsx';
