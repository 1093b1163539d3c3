// Endpoint security (section 7 is silent; ours to design in its style): managed EDR (medr)
// subscriptions with hosts, detections and a sensor update policy, and MSSP subscriptions over
// several child tenants' medr subscriptions.
import { Type, type Static, type TSchema } from 'typebox';
import { DateTime, Id, Nullable, ClosedObject } from './common.ts';
import {
  ASSIGNEE_MAX,
  COMMENT_MAX,
  CONTAINMENT_OPERATIONS,
  DETECTION_BULK_MAX,
  DETECTION_RESOLUTIONS,
  DETECTION_SEVERITIES,
  DETECTION_STATUSES,
  EDR_KINDS,
  EDR_STATES,
  HOST_FILTERS,
  HOST_STATUSES,
  SENSOR_POLICIES,
  SENSOR_VERSION_PATTERN,
} from './crowdstrike-values.ts';

export const DetectionSeverity = Type.Enum(DETECTION_SEVERITIES, {
  description: 'critical, high, medium or low',
});
export const DetectionStatus = Type.Enum(DETECTION_STATUSES, {
  description: 'new, in_progress or closed',
});
export const SensorPolicy = Type.Enum(SENSOR_POLICIES, {
  description: 'latest, n-1, n-2 (one or two releases behind) or pinned (pinned_version)',
});
export const DetectionResolution = Type.Enum(DETECTION_RESOLUTIONS, {
  description: 'true_positive, false_positive or ignored: what a closed detection turned out to be',
});
export type DetectionResolution = Static<typeof DetectionResolution>;
export type DetectionSeverity = Static<typeof DetectionSeverity>;
export type DetectionStatus = Static<typeof DetectionStatus>;
export type SensorPolicy = Static<typeof SensorPolicy>;

/** Open detections (new or in progress) per severity. */
export const SeverityCounts = Type.Object({
  critical: Type.Integer(),
  high: Type.Integer(),
  medium: Type.Integer(),
  low: Type.Integer(),
});
export type SeverityCounts = Static<typeof SeverityCounts>;

/** Headline figures over one subscription's hosts (an mssp's: over all its children). */
export const EdrTotals = Type.Object({
  hosts: Type.Integer(),
  online: Type.Integer(),
  contained: Type.Integer(),
  outdated: Type.Integer({ description: 'Hosts whose sensor is older than the policy asks' }),
  stale: Type.Integer({ description: 'Hosts that have not checked in for an hour or more' }),
  open_detections: SeverityCounts,
});
export type EdrTotals = Static<typeof EdrTotals>;

/** The fields every form of a subscription starts with; `kind` as that form has it. */
const subscriptionFields = <K extends TSchema>(kind: K) => ({
  id: Type.Integer(),
  kind,
  name: Type.String(),
  state: Type.Enum(EDR_STATES),
  tenant_name: Type.String(),
});

/** One subscription in `GET /services/crowdstrike`. */
export const EdrSubscription = Type.Object(
  {
    ...subscriptionFields(Type.Enum(EDR_KINDS)),
    totals: EdrTotals,
    children: Nullable(Type.Integer({ description: 'mssp: how many child subscriptions' })),
  },
  { $id: 'EdrSubscription' },
);
export type EdrSubscription = Static<typeof EdrSubscription>;

export const EdrPolicy = Type.Object({
  mode: SensorPolicy,
  pinned_version: Nullable(Type.String()),
  uninstall_protection: Type.Boolean(),
});
export type EdrPolicy = Static<typeof EdrPolicy>;

export const SensorRelease = Type.Object({ version: Type.String(), released_at: DateTime });
export type SensorRelease = Static<typeof SensorRelease>;

/** `GET /services/crowdstrike/medr/{id}` */
export const MedrDetail = Type.Object(
  {
    ...subscriptionFields(Type.Literal('medr')),
    policy: EdrPolicy,
    target_version: Nullable(Type.String({ description: 'The version the policy asks for today' })),
    releases: Type.Array(SensorRelease, { description: 'Released sensor versions, newest first' }),
    totals: EdrTotals,
  },
  { $id: 'MedrDetail' },
);
export type MedrDetail = Static<typeof MedrDetail>;

export const EdrHost = Type.Object(
  {
    id: Type.Integer(),
    hostname: Type.String(),
    os: Type.String(),
    kind: Type.Union([Type.Literal('vm'), Type.Literal('endpoint')]),
    sensor_version: Type.String(),
    outdated: Type.Boolean(),
    stale: Type.Boolean(),
    status: Type.Enum(HOST_STATUSES),
    last_seen: DateTime,
  },
  { $id: 'EdrHost' },
);
export type EdrHost = Static<typeof EdrHost>;

export const EdrComment = Type.Object(
  { id: Type.Integer(), author: Type.String(), body: Type.String(), created_at: DateTime },
  { $id: 'EdrComment' },
);
export type EdrComment = Static<typeof EdrComment>;

export const EdrDetection = Type.Object(
  {
    id: Type.Integer(),
    host_id: Type.Integer(),
    hostname: Type.String(),
    severity: DetectionSeverity,
    tactic: Type.String(),
    technique: Type.String(),
    description: Type.String(),
    detected_at: DateTime,
    status: DetectionStatus,
    resolution: Nullable(
      Type.Enum(DETECTION_RESOLUTIONS, {
        description: 'Closed: what it turned out to be (null if closed before this was asked)',
      }),
    ),
    closed_at: Nullable(DateTime),
    assignee: Nullable(Type.String({ description: "The e-mail of one of the tenant's users" })),
    comments: Type.Array(EdrComment),
  },
  { $id: 'EdrDetection' },
);
export type EdrDetection = Static<typeof EdrDetection>;

/** One child of an mssp: its figures, and its medr id only for users allowed to open it. */
export const MsspChild = Type.Object({
  tenant_name: Type.String(),
  cdb_id: Type.String(),
  name: Type.String(),
  medr_id: Nullable(Type.Integer({ description: "null: you may not open this child's detail" })),
  totals: EdrTotals,
});
export type MsspChild = Static<typeof MsspChild>;

/** `GET /services/crowdstrike/mssp/{id}` */
export const MsspDetail = Type.Object(
  {
    ...subscriptionFields(Type.Literal('mssp')),
    totals: EdrTotals,
    children: Type.Array(MsspChild),
  },
  { $id: 'MsspDetail' },
);
export type MsspDetail = Static<typeof MsspDetail>;

export const EdrParams = Type.Object({ id: Id });
export const EdrHostParams = Type.Object({ id: Id, hostId: Id });
export const EdrDetectionParams = Type.Object({ id: Id, detectionId: Id });

export const EdrHostQuery = Type.Object(
  { filter: Type.Optional(Type.Enum(HOST_FILTERS, { description: 'outdated or stale' })) },
  { additionalProperties: false },
);
export type EdrHostQuery = Static<typeof EdrHostQuery>;

export const EdrDetectionQuery = Type.Object(
  { status: Type.Optional(DetectionStatus) },
  { additionalProperties: false },
);
export type EdrDetectionQuery = Static<typeof EdrDetectionQuery>;

/** `PATCH /services/crowdstrike/medr/{id}/policy` */
export const EdrPolicyBody = ClosedObject('EdrPolicyBody', {
  mode: SensorPolicy,
  pinned_version: Type.Optional(
    Nullable(Type.String({ pattern: SENSOR_VERSION_PATTERN, description: 'mode pinned only' })),
  ),
  uninstall_protection: Type.Boolean(),
});
export type EdrPolicyBody = Static<typeof EdrPolicyBody>;

/** `POST /services/crowdstrike/medr/{id}/hosts/{hostId}/containment` (a task) */
export const ContainmentBody = Type.Object(
  { operation: Type.Enum(CONTAINMENT_OPERATIONS, { description: 'contain or lift' }) },
  { $id: 'EdrContainmentBody', additionalProperties: false },
);
export type ContainmentBody = Static<typeof ContainmentBody>;

/** `PATCH /services/crowdstrike/medr/{id}/detections`: status and/or assignee of several. */
export const DetectionBulkBody = Type.Object(
  {
    ids: Type.Array(Id, { minItems: 1, maxItems: DETECTION_BULK_MAX }),
    status: Type.Optional(DetectionStatus),
    resolution: Type.Optional(DetectionResolution),
    assignee: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: ASSIGNEE_MAX,
          pattern: '\\S',
          description: "The e-mail of one of the tenant's users (`assignees`); null: nobody",
        }),
      ),
    ),
    comment: Type.Optional(Type.String({ minLength: 1, maxLength: COMMENT_MAX, pattern: '\\S' })),
  },
  { $id: 'EdrDetectionBulkBody', additionalProperties: false },
);
export type DetectionBulkBody = Static<typeof DetectionBulkBody>;

export const DetectionBulkReply = Type.Object(
  { updated: Type.Integer() },
  { $id: 'EdrDetectionBulkReply' },
);
export type DetectionBulkReply = Static<typeof DetectionBulkReply>;

/** `GET /services/crowdstrike/medr/{id}/hosts/{hostId}`: one host and its detections. */
export const EdrHostDetail = Type.Object(
  {
    host: EdrHost,
    subscription_name: Type.String(),
    detections: Type.Array(EdrDetection, { description: 'Severity first, then newest first' }),
  },
  { $id: 'EdrHostDetail' },
);
export type EdrHostDetail = Static<typeof EdrHostDetail>;

/** `GET /services/crowdstrike/medr/{id}/detections/{detectionId}`: one detection and its host. */
export const EdrDetectionDetail = Type.Object(
  {
    detection: EdrDetection,
    host: EdrHost,
    subscription_name: Type.String(),
  },
  { $id: 'EdrDetectionDetail' },
);
export type EdrDetectionDetail = Static<typeof EdrDetectionDetail>;

/** `GET /services/crowdstrike/medr/{id}/assignees`: whom a detection may be assigned to. */
export const EdrAssignee = Type.Object(
  {
    email: Type.String(),
    name: Type.String({ description: 'The display name, or the e-mail when none is set' }),
    tenant_name: Type.String(),
  },
  { $id: 'EdrAssignee' },
);
export type EdrAssignee = Static<typeof EdrAssignee>;

/** `POST /services/crowdstrike/medr/{id}/detections/{detectionId}/comments` */
export const CommentBody = Type.Object(
  { body: Type.String({ minLength: 1, maxLength: COMMENT_MAX, pattern: '\\S' }) },
  { $id: 'EdrCommentBody', additionalProperties: false },
);
export type CommentBody = Static<typeof CommentBody>;
