export { LicenseListPage } from './LicenseListPage.tsx';
