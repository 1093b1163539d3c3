import { notAvailable } from '../../kit/NotAvailable.tsx';

export const PhishingListPage = notAvailable({ title: 'Phishing prevention' });
export const PhishingDetailPage = notAvailable({ title: 'Protected domain' });
