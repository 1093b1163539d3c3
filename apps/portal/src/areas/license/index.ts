import { notAvailable } from '../../kit/NotAvailable.tsx';

export const LicenseListPage = notAvailable({ title: 'Licences' });
