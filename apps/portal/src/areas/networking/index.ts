export { NetworkingListPage } from './NetworkingListPage.tsx';
export { NetworkingCreatePage } from './NetworkingCreatePage.tsx';
export { NetworkingDetailPage } from './NetworkingDetailPage.tsx';
