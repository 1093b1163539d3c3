// The navigation drawer: its sections and entries, in order. It loads with the signed-in frame, not
// with the first download that the sign-in page shares (its icons are most of its weight).
import {
  mdiAccountGroup,
  mdiBackupRestore,
  mdiCertificate,
  mdiChartLine,
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

/** An entry of the navigation drawer. */
export interface NavEntry {
  /** Stable id; the entry is active on its `href` and below. */
  id: string;
  label: string;
  href: string;
  /** An `@mdi/js` path. */
  icon: string;
  /** The drawer groups entries of a section under its heading. */
  section: string;
  /** Only the built-in administrator sees it. */
  adminOnly?: boolean;
}

type Entry = Omit<NavEntry, 'section' | 'adminOnly'>;

const section = (name: string, entries: Entry[], adminOnly?: true): NavEntry[] =>
  entries.map((entry) => ({ ...entry, section: name, ...(adminOnly ? { adminOnly } : {}) }));

/** The drawer, in order; the ids are the areas' route names. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  ...section('Compute', [
    { id: 'compute', label: 'Virtual machines', href: '/compute', icon: mdiServer },
    { id: 'vwseries', label: 'VW series', href: '/vwseries', icon: mdiServerNetwork },
    { id: 'dseries', label: 'D series', href: '/dseries', icon: mdiViewDashboard },
  ]),
  ...section('Data', [
    { id: 'backup', label: 'Backup', href: '/backup', icon: mdiBackupRestore },
    { id: 'storage', label: 'Storage', href: '/storage', icon: mdiDatabase },
  ]),
  ...section('Network', [
    { id: 'networking', label: 'Networking', href: '/networking', icon: mdiLan },
  ]),
  ...section('Operations', [
    { id: 'monitoring', label: 'Monitoring', href: '/monitoring', icon: mdiChartLine },
    { id: 'license', label: 'Licences', href: '/license', icon: mdiCertificate },
  ]),
  ...section('Security', [
    { id: 'crowdstrike', label: 'Endpoint security', href: '/crowdstrike', icon: mdiShieldCheck },
    {
      id: 'phishing-prevention',
      label: 'Phishing prevention',
      href: '/phishing-prevention',
      icon: mdiEmailAlert,
    },
  ]),
  ...section(
    'Administration',
    [
      { id: 'user', label: 'Users', href: '/user', icon: mdiAccountGroup },
      { id: 'role', label: 'Roles', href: '/role', icon: mdiShieldAccount },
      { id: 'log', label: 'Audit log', href: '/log', icon: mdiTextBoxSearch },
    ],
    true,
  ),
];

/** The entry a path belongs to: the one whose href is the path's first segment. */
export const activeEntryId = (pathname: string): string | undefined =>
  NAV_ENTRIES.find((entry) => pathname === entry.href || pathname.startsWith(`${entry.href}/`))?.id;
