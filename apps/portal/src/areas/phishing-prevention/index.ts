export { PhishingListPage } from './PhishingListPage.tsx';
export { PhishingDetailPage } from './PhishingDetailPage.tsx';
