// Licence constants the portal's first paint needs: plain values, without the schema library.

/** The licence products, as `platform/seats.ts` on the server names them. */
export const LICENSE_PRODUCTS = [
  'windows-server-datacenter',
  'sql-server-standard',
  'rhel',
  'backup-agent',
  'endpoint-security',
] as const;
export type LicenseProduct = (typeof LICENSE_PRODUCTS)[number];

/** What a person calls each product. */
export const LICENSE_PRODUCT_NAMES: Record<LicenseProduct, string> = {
  'windows-server-datacenter': 'Windows Server Datacenter',
  'sql-server-standard': 'SQL Server Standard',
  rhel: 'Red Hat Enterprise Linux',
  'backup-agent': 'Backup agent',
  'endpoint-security': 'Endpoint security',
};

/** `expiring`: the term ends within `LICENSE_EXPIRING_DAYS` days; `expired`: it has ended. */
export const LICENSE_STATES = ['active', 'expiring', 'expired'] as const;
export type LicenseState = (typeof LICENSE_STATES)[number];

/** A subscription whose term ends within this many days is expiring. */
export const LICENSE_EXPIRING_DAYS = 30;

/** What holds a seat: a VM (compute), a protected machine (backup), a host (endpoint security). */
export const SEAT_HOLDER_KINDS = ['vm', 'machine', 'host'] as const;
export type SeatHolderKind = (typeof SEAT_HOLDER_KINDS)[number];

/** What the licence list sorts by (`sort`, `-product` for descending): the portal's column ids. */
export const LICENSE_LIST_SORTS = ['product', 'reference', 'state', 'available', 'term'] as const;
