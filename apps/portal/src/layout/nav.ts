import {
  mdiAccountGroup,
  mdiBackupRestore,
  mdiChartLine,
  mdiCertificate,
  mdiDatabase,
  mdiEmailAlert,
  mdiLan,
  mdiServer,
  mdiServerNetwork,
  mdiShieldAccount,
  mdiShieldCheck,
  mdiTextBoxSearch,
  mdiViewDashboard,
} from '@mdi/js';

export interface NavEntry {
  id: string;
  label: string;
  icon: string;
  href: string;
  section: string;
  adminOnly?: boolean;
}

/** Every area of the portal, in drawer order. Area ids are the route names. */
export const NAV_ENTRIES: NavEntry[] = [
  {
    id: 'compute',
    label: 'Virtual machines',
    icon: mdiServer,
    href: '/compute',
    section: 'Compute',
  },
  {
    id: 'vwseries',
    label: 'VW series',
    icon: mdiServerNetwork,
    href: '/vwseries',
    section: 'Compute',
  },
  {
    id: 'dseries',
    label: 'D series',
    icon: mdiViewDashboard,
    href: '/dseries',
    section: 'Compute',
  },
  { id: 'backup', label: 'Backup', icon: mdiBackupRestore, href: '/backup', section: 'Data' },
  { id: 'storage', label: 'Storage', icon: mdiDatabase, href: '/storage', section: 'Data' },
  { id: 'networking', label: 'Networking', icon: mdiLan, href: '/networking', section: 'Network' },
  {
    id: 'monitoring',
    label: 'Monitoring',
    icon: mdiChartLine,
    href: '/monitoring',
    section: 'Operations',
  },
  {
    id: 'license',
    label: 'Licences',
    icon: mdiCertificate,
    href: '/license',
    section: 'Operations',
  },
  {
    id: 'crowdstrike',
    label: 'Endpoint security',
    icon: mdiShieldCheck,
    href: '/crowdstrike',
    section: 'Security',
  },
  {
    id: 'phishing-prevention',
    label: 'Phishing prevention',
    icon: mdiEmailAlert,
    href: '/phishing-prevention',
    section: 'Security',
  },
  {
    id: 'user',
    label: 'Users',
    icon: mdiAccountGroup,
    href: '/user',
    section: 'Administration',
    adminOnly: true,
  },
  {
    id: 'role',
    label: 'Roles',
    icon: mdiShieldAccount,
    href: '/role',
    section: 'Administration',
    adminOnly: true,
  },
  {
    id: 'log',
    label: 'Audit log',
    icon: mdiTextBoxSearch,
    href: '/log',
    section: 'Administration',
    adminOnly: true,
  },
];

/** The entry a path belongs to: the one whose href is the path's first segment. */
export const activeEntryId = (pathname: string): string | undefined =>
  NAV_ENTRIES.find((entry) => pathname === entry.href || pathname.startsWith(`${entry.href}/`))?.id;
