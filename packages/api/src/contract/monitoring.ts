// Monitoring (ours, in the style of section 7): `/services/monitoring` collections and `/{id}`
// items. Creation is a task (polled; "Monitoring has been created"), for the super-tenant user
// only; every user sees their own tenant's monitors, the super-tenant user every tenant's.
import { Type, type Static } from 'typebox';
import { DateTime, Id, ListPagingFields, Nullable, ClosedObject } from './common.ts';
import {
  CONTACTS_MAX,
  CONTACT_KINDS,
  DELIVERY_STATUSES,
  DNS_RECORD_TYPES,
  INTERVAL_MAX_SECONDS,
  INTERVAL_MIN_SECONDS,
  MAINTENANCE_KINDS,
  MONITOR_STATES,
  MONITOR_TYPES,
  RETRIES_MAX,
  SLA_MAX_DAYS,
  TARGET_KINDS,
  TIMEOUT_MAX_SECONDS,
  TIMEOUT_MIN_SECONDS,
  TIME_OF_DAY_PATTERN,
  TLS_DAYS_MAX,
} from './monitoring-values.ts';

const CdbId = Type.String({ pattern: '^\\w{3}\\d{6}$', description: "A tenant's cdb_id." });
const Percent = Nullable(
  Type.Number({ minimum: 0, maximum: 100, description: 'Availability in %, null: no checks yet.' }),
);

export const AlertContact = ClosedObject('AlertContact', {
  kind: Type.Enum(CONTACT_KINDS, { description: 'E-mail address or webhook URL.' }),
  address: Type.String({ minLength: 3, maxLength: 320 }),
});
export type AlertContact = Static<typeof AlertContact>;

/** The check's settings, as created. */
const MonitorSettings = {
  name: Type.String({ minLength: 1, maxLength: 80, description: 'What people call the monitor.' }),
  type: Type.Enum(MONITOR_TYPES),
  target_kind: Type.Enum(TARGET_KINDS),
  port: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 65535 }))),
  expected_status: Type.Optional(
    Nullable(Type.Integer({ minimum: 100, maximum: 599, description: 'HTTP(S): the status.' })),
  ),
  keyword: Type.Optional(
    Nullable(Type.String({ maxLength: 200, description: 'HTTP(S): text the page must contain.' })),
  ),
  dns_record_type: Type.Optional(Nullable(Type.Enum(DNS_RECORD_TYPES))),
  tls_days_threshold: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 1,
        maximum: TLS_DAYS_MAX,
        description: 'TLS: degraded once the certificate expires within this many days.',
      }),
    ),
  ),
  interval_seconds: Type.Integer({ minimum: INTERVAL_MIN_SECONDS, maximum: INTERVAL_MAX_SECONDS }),
  timeout_seconds: Type.Integer({ minimum: TIMEOUT_MIN_SECONDS, maximum: TIMEOUT_MAX_SECONDS }),
  retries: Type.Integer({
    minimum: 0,
    maximum: RETRIES_MAX,
    description: 'Failed checks in a row before the monitor is down.',
  }),
  contacts: Type.Array(AlertContact, { maxItems: CONTACTS_MAX }),
};

/** `POST /services/monitoring` (super-tenant only). */
export const MonitorCreate = ClosedObject('MonitorCreate', {
  ...MonitorSettings,
  tenant: CdbId,
  vm_id: Type.Optional(Nullable(Id)),
  target: Type.Optional(
    Nullable(Type.String({ maxLength: 500, description: 'An address or a URL.' })),
  ),
});
export type MonitorCreate = Static<typeof MonitorCreate>;

export const Monitor = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    tenant: Type.String({ description: "The watched tenant's cdb_id." }),
    tenant_name: Type.String(),
    type: Type.Enum(MONITOR_TYPES),
    target_kind: Type.Enum(TARGET_KINDS),
    vm_id: Nullable(Type.Integer()),
    target: Type.String({ description: "The address, URL, or the VM's name." }),
    port: Nullable(Type.Integer()),
    expected_status: Nullable(Type.Integer()),
    keyword: Nullable(Type.String()),
    dns_record_type: Nullable(Type.Enum(DNS_RECORD_TYPES)),
    tls_days_threshold: Nullable(Type.Integer()),
    interval_seconds: Type.Integer(),
    timeout_seconds: Type.Integer(),
    retries: Type.Integer(),
    state: Type.Enum(MONITOR_STATES),
    in_maintenance: Type.Boolean(),
    uptime_24h: Percent,
    uptime_7d: Percent,
    uptime_30d: Percent,
    last_check_at: Nullable(DateTime),
    last_response_ms: Nullable(Type.Integer()),
    last_message: Type.String(),
    response_times: Type.Array(Type.Integer(), { description: 'The last checks, oldest first.' }),
    contacts: Type.Array(AlertContact),
    created_at: DateTime,
  },
  { $id: 'Monitor' },
);
export type Monitor = Static<typeof Monitor>;

export const MonitorListQuery = ClosedObject('MonitorListQuery', {
  ...ListPagingFields,
  tenant: Type.Optional(CdbId),
});
export type MonitorListQuery = Static<typeof MonitorListQuery>;

export const MonitorParams = Type.Object({ id: Id }, { $id: 'MonitorParams' });
export type MonitorParams = Static<typeof MonitorParams>;
export const MaintenanceParams = Type.Object(
  { id: Id, windowId: Id },
  { $id: 'MaintenanceParams' },
);
export type MaintenanceParams = Static<typeof MaintenanceParams>;

/** `POST /services/monitoring/{id}`: pause or resume the checks. */
export const MonitorOperationBody = ClosedObject('MonitorOperationBody', {
  operation: Type.Union([Type.Literal('pause'), Type.Literal('resume')]),
});
export type MonitorOperationBody = Static<typeof MonitorOperationBody>;

export const CheckResult = Type.Object(
  {
    at: DateTime,
    ok: Type.Boolean(),
    state: Type.Enum(MONITOR_STATES),
    response_ms: Nullable(Type.Integer()),
    message: Type.String(),
    maintenance: Type.Boolean({ description: 'In a maintenance window: does not count as down.' }),
  },
  { $id: 'CheckResult' },
);
export type CheckResult = Static<typeof CheckResult>;

export const ResultsQuery = ClosedObject('ResultsQuery', {
  hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 720 })),
});
export type ResultsQuery = Static<typeof ResultsQuery>;

export const Incident = Type.Object(
  {
    id: Type.Integer(),
    monitor_id: Type.Integer(),
    started_at: DateTime,
    ended_at: Nullable(DateTime),
    message: Type.String({ description: 'The message of the check that opened it.' }),
  },
  { $id: 'Incident' },
);
export type Incident = Static<typeof Incident>;

export const MaintenanceWindowBody = ClosedObject('MaintenanceWindowBody', {
  name: Type.String({ minLength: 1, maxLength: 80 }),
  kind: Type.Enum(MAINTENANCE_KINDS),
  starts_at: Type.Optional(Nullable(DateTime)),
  ends_at: Type.Optional(Nullable(DateTime)),
  days: Type.Optional(
    Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), {
      maxItems: 7,
      description: 'Weekly: days of the week, 0 = Sunday.',
    }),
  ),
  start_time: Type.Optional(
    Nullable(Type.String({ pattern: TIME_OF_DAY_PATTERN, description: 'Weekly: HH:MM UTC.' })),
  ),
  duration_minutes: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1440 }))),
});
export type MaintenanceWindowBody = Static<typeof MaintenanceWindowBody>;

export const MaintenanceWindow = Type.Object(
  {
    id: Type.Integer(),
    monitor_id: Type.Integer(),
    name: Type.String(),
    kind: Type.Enum(MAINTENANCE_KINDS),
    starts_at: Nullable(DateTime),
    ends_at: Nullable(DateTime),
    days: Type.Array(Type.Integer()),
    start_time: Nullable(Type.String()),
    duration_minutes: Nullable(Type.Integer()),
  },
  { $id: 'MaintenanceWindow' },
);
export type MaintenanceWindow = Static<typeof MaintenanceWindow>;

export const AlertDelivery = Type.Object(
  {
    id: Type.Integer(),
    incident_id: Type.Integer(),
    event: Type.Union([Type.Literal('down'), Type.Literal('up')]),
    kind: Type.Enum(CONTACT_KINDS),
    address: Type.String(),
    at: DateTime,
    message: Type.String({ description: 'What is sent (or would have been, when simulated).' }),
    status: Type.Enum(DELIVERY_STATUSES, {
      description:
        'simulated: of simulated checks, never sent; pending: being sent (or retried); sent; failed.',
    }),
    attempts: Type.Array(
      Type.Object({
        at: DateTime,
        ok: Type.Boolean(),
        outcome: Type.String({
          description: "What happened, such as 'HTTP 503 Service Unavailable'.",
        }),
      }),
      { description: 'Every attempt to send it, oldest first.' },
    ),
  },
  { $id: 'AlertDelivery' },
);
export type AlertDelivery = Static<typeof AlertDelivery>;

export const SlaQuery = Type.Object(
  {
    from: DateTime,
    to: DateTime,
    tenant: Type.Optional(CdbId),
    monitor_id: Type.Optional(Id),
  },
  {
    $id: 'SlaQuery',
    additionalProperties: false,
    description: `A period of at most ${SLA_MAX_DAYS} days; per monitor or per tenant.`,
  },
);
export type SlaQuery = Static<typeof SlaQuery>;

const SlaFigures = {
  availability: Nullable(
    Type.Number({
      description: 'In % of the checked time outside maintenance; null: no data (nothing checked).',
    }),
  ),
  incidents: Type.Integer(),
  downtime_minutes: Type.Number(),
  maintenance_minutes: Type.Number(),
  no_data_minutes: Type.Number({
    description: 'Time the monitor existed in the period without checks (pending, paused).',
  }),
};

export const SlaReport = Type.Object(
  {
    from: DateTime,
    to: DateTime,
    rows: Type.Array(
      Type.Object({
        monitor_id: Type.Integer(),
        name: Type.String(),
        tenant: Type.String(),
        ...SlaFigures,
      }),
    ),
    total: Type.Object(SlaFigures),
  },
  { $id: 'SlaReport' },
);
export type SlaReport = Static<typeof SlaReport>;

/** `GET /services/monitoring/targets`: the tenants the caller may watch for, and their VMs. */
export const MonitorTargets = Type.Array(
  Type.Object({
    cdb_id: Type.String(),
    name: Type.String(),
    vms: Type.Array(
      Type.Object({
        id: Type.Integer(),
        display_name: Type.String(),
        power_state: Type.String(),
        address: Nullable(Type.String()),
      }),
    ),
  }),
  { $id: 'MonitorTargets' },
);
export type MonitorTargets = Static<typeof MonitorTargets>;

export const MonitorCreated = Type.Object(
  {
    task_id: Type.Integer(),
    id: Type.Integer(),
    webhook_secret: Type.Optional(
      Type.String({
        description:
          "The key of the webhooks' HMAC-SHA256 signature (X-Portal-Signature), shown this once.",
      }),
    ),
  },
  { $id: 'MonitorCreated' },
);
export type MonitorCreated = Static<typeof MonitorCreated>;
