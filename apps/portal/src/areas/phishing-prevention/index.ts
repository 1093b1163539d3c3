import { notAvailable } from '../shared/NotAvailable.tsx';

export const PhishingListPage = notAvailable({ title: 'Phishing prevention' });
export const PhishingDetailPage = notAvailable({ title: 'Protected domain' });
