import { notAvailable } from '../shared/NotAvailable.tsx';

export const LicenseListPage = notAvailable({ title: 'Licences' });
