export { BackupListPage } from './BackupListPage.tsx';
export { BackupCreatePage } from './BackupCreatePage.tsx';
export { BackupTenantPage } from './BackupTenantPage.tsx';
