// Backup constants that both the schemas and the portal's forms use: plain values, without the
// schema library, so a page that checks a field does not download TypeBox.

export const BACKUP_STATES = ['creating', 'active', 'disabled', 'over_quota', 'failed'] as const;
export type BackupState = (typeof BACKUP_STATES)[number];

/** How each state reads in the portal. */
export const BACKUP_STATE_LABELS: Record<BackupState, string> = {
  creating: 'Creating',
  active: 'Active',
  disabled: 'Disabled',
  over_quota: 'Over quota',
  failed: 'Failed',
};

export const BACKUP_PRODUCTS = ['Veeam Cloud Connect', 'Acronis Cyber Protect Cloud'] as const;
export type BackupProduct = (typeof BACKUP_PRODUCTS)[number];

/** Where backups are kept: a site and its repository. */
export const BACKUP_LOCATIONS = [
  { location: 'TYO1', repository: 'tyo1-repo-01 (object storage, immutable 7 days)' },
  { location: 'OSA1', repository: 'osa1-repo-01 (object storage)' },
  { location: 'SIN1', repository: 'sin1-repo-02 (hardened Linux repository)' },
] as const;
export type BackupLocation = (typeof BACKUP_LOCATIONS)[number]['location'];

export const BACKUP_JOB_RESULTS = ['success', 'warning', 'failed'] as const;
export type BackupJobResult = (typeof BACKUP_JOB_RESULTS)[number];

/** Letters and digits first, then also spaces, dots, dashes and underscores. */
export const BACKUP_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 ._-]*$';
/** A uuid as the portal's addresses carry it. */
export const BACKUP_UUID_PATTERN =
  '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
export const BACKUP_NAME_MAX = 63;

export const BACKUP_QUOTA_MIN_GB = 10;
export const BACKUP_QUOTA_MAX_GB = 100_000;

/** Retention in the style of Proxmox Backup Server: how many of each to keep. */
export const RETENTION_FIELDS = [
  { key: 'keep_last', label: 'Keep last', max: 100 },
  { key: 'daily', label: 'Daily', max: 366 },
  { key: 'weekly', label: 'Weekly', max: 104 },
  { key: 'monthly', label: 'Monthly', max: 120 },
  { key: 'yearly', label: 'Yearly', max: 10 },
] as const;

export const DEFAULT_RETENTION = { keep_last: 7, daily: 14, weekly: 4, monthly: 6, yearly: 1 };

export const QUOTA_ALERT_KINDS = ['percent', 'gb'] as const;
export type QuotaAlertKind = (typeof QUOTA_ALERT_KINDS)[number];
export const QUOTA_ALERTS_MAX = 5;

/** What the portal says when the creation task succeeds (specification section 9). */
export const BACKUP_CREATED_MESSAGE = 'Backup Tenant has been created';

/** The sorts the backup list's pages offer (`sort`, with `-` before it for descending). */
export const BACKUP_LIST_SORTS = [
  'name',
  'state',
  'location',
  'product',
  'quota',
  'created',
] as const;
