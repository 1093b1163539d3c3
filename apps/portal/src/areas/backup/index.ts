import { notAvailable } from '../../kit/NotAvailable.tsx';

export const BackupListPage = notAvailable({ title: 'Backup tenants' });
export const BackupCreatePage = notAvailable({ title: 'Create a backup tenant' });
export const BackupTenantPage = notAvailable({ title: 'Backup tenant' });
