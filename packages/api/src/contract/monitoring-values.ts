// Monitoring constants that both the schemas and the portal's first paint use: plain values,
// without the schema library.

/** What a monitor checks. */
export const MONITOR_TYPES = ['http', 'tcp', 'ping', 'dns', 'tls'] as const;
export type MonitorType = (typeof MONITOR_TYPES)[number];

/** What a person calls each type. */
export const MONITOR_TYPE_LABELS: Record<MonitorType, string> = {
  http: 'HTTP(S)',
  tcp: 'TCP port',
  ping: 'Ping',
  dns: 'DNS record',
  tls: 'TLS certificate',
};

/** Where a monitor looks: one of the tenant's VMs, an address (host name or IP), or a URL. */
export const TARGET_KINDS = ['vm', 'address', 'url'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export const MONITOR_STATES = ['up', 'down', 'degraded', 'paused', 'pending'] as const;
export type MonitorState = (typeof MONITOR_STATES)[number];

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

export const CONTACT_KINDS = ['email', 'webhook'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** Where an alert delivery is: simulated (never sent), pending, sent or failed. */
export const DELIVERY_STATUSES = ['simulated', 'pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const MAINTENANCE_KINDS = ['once', 'weekly'] as const;
export type MaintenanceKind = (typeof MAINTENANCE_KINDS)[number];

export const INTERVAL_MIN_SECONDS = 20;
export const INTERVAL_MAX_SECONDS = 3600;
export const TIMEOUT_MIN_SECONDS = 1;
export const TIMEOUT_MAX_SECONDS = 60;
export const RETRIES_MAX = 5;
export const CONTACTS_MAX = 10;
export const TLS_DAYS_MAX = 365;
/** The longest SLA report period. */
export const SLA_MAX_DAYS = 366;
/** `HH:MM`, 24 hours, UTC. */
export const TIME_OF_DAY_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';
