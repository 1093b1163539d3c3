// The pages the manifest loads (each export a page component).
export { StorageListPage } from './StorageListPage.tsx';
export { StorageCreatePage } from './StorageCreatePage.tsx';
export { StorageDetailPage } from './StorageDetailPage.tsx';
