// Backup tenants: specification section 7 ("Backup"). The list, creation (a task), its task
// status and the quota call are the specification's; the rest (detail, jobs, restore points,
// usage, enable/disable, run now, delete) is ours in the same style.
import { Type, type Static } from 'typebox';
import {
  BACKUP_JOB_RESULTS,
  BACKUP_LOCATIONS,
  BACKUP_NAME_MAX,
  BACKUP_NAME_PATTERN,
  BACKUP_PRODUCTS,
  BACKUP_QUOTA_MAX_GB,
  BACKUP_QUOTA_MIN_GB,
  BACKUP_STATES,
  QUOTA_ALERT_KINDS,
  QUOTA_ALERTS_MAX,
  BACKUP_UUID_PATTERN,
} from './backup-values.ts';
import { DateTime, Id, Nullable, ClosedObject, PatchBody } from './common.ts';

export const BackupParams = Type.Object({
  id: Type.String({ pattern: BACKUP_UUID_PATTERN, description: "The backup tenant's uuid." }),
});
export type BackupParams = Static<typeof BackupParams>;

export const BackupRetention = ClosedObject('BackupRetention', {
  keep_last: Type.Integer({ minimum: 1, maximum: 100, description: 'The newest points kept.' }),
  daily: Type.Integer({ minimum: 0, maximum: 366, description: 'Days with a point kept.' }),
  weekly: Type.Integer({ minimum: 0, maximum: 104, description: 'Weeks with a point kept.' }),
  monthly: Type.Integer({ minimum: 0, maximum: 120, description: 'Months with a point kept.' }),
  yearly: Type.Integer({ minimum: 0, maximum: 10, description: 'Years with a point kept.' }),
});
export type BackupRetention = Static<typeof BackupRetention>;

export const QuotaAlertRule = Type.Object(
  {
    kind: Type.Enum(QUOTA_ALERT_KINDS, {
      description: '`percent` of the hard quota, or an absolute number of `gb`.',
    }),
    value: Type.Number({ minimum: 0.1, maximum: BACKUP_QUOTA_MAX_GB }),
  },
  { additionalProperties: false },
);
export type QuotaAlertRule = Static<typeof QuotaAlertRule>;

export const QuotaAlert = Type.Object({
  kind: Type.Enum(QUOTA_ALERT_KINDS),
  value: Type.Number(),
  /** When usage last reached the threshold; null while below it. */
  triggered_at: Nullable(DateTime),
});
export type QuotaAlert = Static<typeof QuotaAlert>;

const QuotaGb = Type.Integer({
  minimum: BACKUP_QUOTA_MIN_GB,
  maximum: BACKUP_QUOTA_MAX_GB,
  description: 'The hard limit: a job that would pass it fails.',
});
const WarningPercent = Type.Integer({
  minimum: 1,
  maximum: 100,
  description: 'The soft limit: the share of the quota at which the portal warns.',
});

/** One backup tenant as the list shows it. */
export const BackupTenantSummary = Type.Object(
  {
    uuid: Type.String({ pattern: BACKUP_UUID_PATTERN }),
    name: Type.String(),
    tenant_id: Type.String({ description: "The owning tenant's cdb_id." }),
    location: Type.String(),
    repository: Type.String(),
    product: Type.Enum(BACKUP_PRODUCTS),
    state: Type.Enum(BACKUP_STATES),
    quota_gb: Type.Integer(),
    warning_percent: Type.Integer(),
    used_gb: Type.Number(),
    protected_machines: Type.Integer(),
    restore_points: Type.Integer(),
    last_job: Nullable(
      Type.Object({
        result: Type.Enum(BACKUP_JOB_RESULTS),
        at: DateTime,
        message: Type.String(),
      }),
    ),
    alerts: Type.Array(QuotaAlert),
    created_at: DateTime,
  },
  { $id: 'BackupTenantSummary' },
);
export type BackupTenantSummary = Static<typeof BackupTenantSummary>;

/** One backup tenant with its retention, agent account and protected machines. */
export const BackupTenant = Type.Object(
  {
    ...BackupTenantSummary.properties,
    retention: BackupRetention,
    agent_account: Type.String({ description: 'What a backup agent signs in with.' }),
    next_job_at: Nullable(DateTime),
    machines: Type.Array(
      Type.Object({
        name: Type.String(),
        os: Type.String(),
        size_gb: Type.Number(),
        last_backup_at: Nullable(DateTime),
      }),
    ),
  },
  { $id: 'BackupTenant' },
);
export type BackupTenant = Static<typeof BackupTenant>;

/** `POST /services/backup`. */
export const BackupCreate = ClosedObject('BackupCreate', {
  name: Type.String({ minLength: 1, maxLength: BACKUP_NAME_MAX, pattern: BACKUP_NAME_PATTERN }),
  location: Type.Enum(BACKUP_LOCATIONS.map((entry) => entry.location)),
  product: Type.Enum(BACKUP_PRODUCTS),
  quota_gb: QuotaGb,
  warning_percent: WarningPercent,
  retention: BackupRetention,
});
export type BackupCreate = Static<typeof BackupCreate>;

/** The 202 reply of a creation: the agent's secret is in it once, and never again. */
export const BackupCreateAccepted = Type.Object(
  {
    task_id: Id,
    uuid: Type.String({ pattern: BACKUP_UUID_PATTERN }),
    agent_account: Type.String(),
    agent_secret: Type.String({ description: 'Shown once; only its hash is kept.' }),
  },
  { $id: 'BackupCreateAccepted' },
);
export type BackupCreateAccepted = Static<typeof BackupCreateAccepted>;

/** `PATCH /services/backup/{id}/quota`: any of the hard quota, the warning, the alerts. */
export const BackupQuotaBody = PatchBody('BackupQuotaBody', {
  quota_gb: Type.Optional(QuotaGb),
  warning_percent: Type.Optional(WarningPercent),
  alerts: Type.Optional(Type.Array(QuotaAlertRule, { maxItems: QUOTA_ALERTS_MAX })),
});
export type BackupQuotaBody = Static<typeof BackupQuotaBody>;

/** `PUT /services/backup/{id}/enabled`. */
export const BackupEnabledBody = ClosedObject('BackupEnabledBody', { enabled: Type.Boolean() });
export type BackupEnabledBody = Static<typeof BackupEnabledBody>;

/** `PUT /services/backup/{id}/retention`. */
export const BackupRetentionBody = ClosedObject('BackupRetentionBody', {
  retention: BackupRetention,
});
export type BackupRetentionBody = Static<typeof BackupRetentionBody>;

export const BackupJob = Type.Object(
  {
    seq: Type.Integer(),
    trigger: Type.Enum(['schedule', 'manual'] as const),
    started_at: DateTime,
    finished_at: DateTime,
    result: Type.Enum(BACKUP_JOB_RESULTS),
    message: Type.String(),
    transferred_gb: Type.Number(),
    used_gb: Type.Number(),
  },
  { $id: 'BackupJob' },
);
export type BackupJob = Static<typeof BackupJob>;

export const BackupRestorePoint = Type.Object(
  {
    id: Type.Integer(),
    created_at: DateTime,
    kind: Type.Enum(['full', 'incremental'] as const),
    size_gb: Type.Number(),
    machines: Type.Integer(),
  },
  { $id: 'BackupRestorePoint' },
);
export type BackupRestorePoint = Static<typeof BackupRestorePoint>;

export const BackupUsage = Type.Object(
  {
    quota_gb: Type.Integer(),
    warning_percent: Type.Integer(),
    /** [epoch ms, used GB] after each job, oldest first. */
    points: Type.Array(Type.Tuple([Type.Number(), Type.Number()])),
  },
  { $id: 'BackupUsage' },
);
export type BackupUsage = Static<typeof BackupUsage>;
