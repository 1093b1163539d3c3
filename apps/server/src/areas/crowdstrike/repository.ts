// Endpoint security's SQL. Every read is scoped to what the caller's tenant may see: its own
// subscriptions, and the medr subscriptions of children that delegated access to an mssp the
// tenant owns (VISIBLE_MEDR).
import type {
  DetectionResolution,
  DetectionSeverity,
  DetectionStatus,
  EdrComment,
  EdrDetection,
  SensorPolicy,
} from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import { rowById } from '../../platform/rows.ts';
import type { EndpointFacts } from './driver.ts';

export interface SubscriptionRecord {
  id: number;
  tenantId: number;
  kind: 'medr' | 'mssp';
  name: string;
  state: 'active' | 'suspended';
  tenantName: string;
  cdbId: string;
  policyMode: SensorPolicy;
  pinnedVersion: string | null;
  uninstallProtection: boolean;
  /** No check-in has been made for it yet (a new subscription). */
  neverCheckedIn: boolean;
}

const SUBSCRIPTION_FIELDS = `s.id, s.tenant_id as "tenantId", s.kind, s.name, s.state,
  t.name as "tenantName", t.cdb_id as "cdbId", s.policy_mode as "policyMode",
  s.pinned_version as "pinnedVersion", s.uninstall_protection as "uninstallProtection",
  s.checked_in_at is null as "neverCheckedIn"`;
const SUBSCRIPTION = `select ${SUBSCRIPTION_FIELDS}
  from edr_subscriptions s join tenants t on t.id = s.tenant_id`;

/** A medr subscription `s` the tenant `$1` may open: its own, or a child delegated to its mssp. */
const VISIBLE_MEDR = `s.kind = 'medr' and (s.tenant_id = $1 or exists (
  select 1 from edr_mssp_children c join edr_subscriptions m on m.id = c.mssp_id
   where c.child_id = s.id and c.delegated and m.tenant_id = $1))`;

/** The tenant's own subscriptions (or those of them with the ids `only`), medr first, then by name. */
export const listOwnSubscriptions = (db: Queryable, tenantId: number, only?: readonly number[]) =>
  db.query<SubscriptionRecord>(
    `${SUBSCRIPTION} where s.tenant_id = $1 and ($2::int[] is null or s.id = any($2::int[]))
      order by s.kind, s.name`,
    [tenantId, only ?? null],
  );

/** A medr subscription the tenant may open, or null (`lock`: for update). */
export const findMedr = rowById<SubscriptionRecord>(
  `${SUBSCRIPTION} where s.id = $2 and ${VISIBLE_MEDR}`,
  { lockOf: 's' },
);

/** One of the tenant's own mssp subscriptions, or null. */
export const findMssp = rowById<SubscriptionRecord>(
  `${SUBSCRIPTION} where s.id = $2 and s.kind = 'mssp' and s.tenant_id = $1`,
);

/**
 * Marks which of the medr subscriptions `ids` were never checked in as checked in now, at most
 * `limit` of them, and answers their ids: the caller checks those in; a concurrent reader, on
 * this server or another, gets the others or none.
 */
export async function claimFirstCheckIns(
  db: Queryable,
  ids: readonly number[],
  limit: number,
): Promise<number[]> {
  if (ids.length === 0 || limit <= 0) return [];
  const rows = await db.query<{ id: number }>(
    `update edr_subscriptions set checked_in_at = now()
      where id in (select id from edr_subscriptions
                    where id = any($1::int[]) and kind = 'medr' and checked_in_at is null
                    order by id limit $2 for update skip locked)
      returning id`,
    [ids, limit],
  );
  return rows.map((row) => row.id);
}

/**
 * Claims up to `limit` medr subscriptions whose last check-in is older than `freshMs` (or that
 * never had one), stalest first, marking them checked in now: one server instance takes each.
 */
export const claimDueCheckIns = (db: Queryable, freshMs: number, limit: number) =>
  db.query<SubscriptionRecord>(
    `with due as (
       select id from edr_subscriptions
        where kind = 'medr'
          and (checked_in_at is null or checked_in_at < now() - $1 * interval '1 millisecond')
        order by checked_in_at nulls first, id limit $2 for update skip locked
     ), marked as (
       update edr_subscriptions s set checked_in_at = now() from due where s.id = due.id
       returning s.id
     )
     ${SUBSCRIPTION} join marked on marked.id = s.id order by s.id`,
    [freshMs, limit],
  );

/** Records a check-in of the subscription made now (a detail read checks in on its own). */
export const markCheckedIn = (db: Queryable, id: number) =>
  db.query('update edr_subscriptions set checked_in_at = now() where id = $1', [id]);

/** The children of an mssp the tenant owns, with whether they delegated access. */
export const listMsspChildren = (db: Queryable, tenantId: number, msspId: number) =>
  db.query<SubscriptionRecord & { delegated: boolean }>(
    `select ${SUBSCRIPTION_FIELDS}, c.delegated
       from edr_subscriptions s join tenants t on t.id = s.tenant_id
       join edr_mssp_children c on c.child_id = s.id
      join edr_subscriptions m on m.id = c.mssp_id
     where c.mssp_id = $2 and m.tenant_id = $1 order by t.name, s.name`,
    [tenantId, msspId],
  );

export async function countChildren(db: Queryable, msspIds: readonly number[]) {
  const rows = await db.query<{ mssp_id: number; count: number }>(
    `select mssp_id, count(*)::int as count from edr_mssp_children
      where mssp_id = any($1::int[]) group by mssp_id`,
    [msspIds],
  );
  return new Map(rows.map((row) => [row.mssp_id, row.count]));
}

export interface HostRecord {
  id: number;
  subscriptionId: number;
  ref: string;
  hostname: string;
  os: string;
  kind: 'vm' | 'endpoint';
  sensorVersion: string;
  lastSeen: Date;
  online: boolean;
  contained: boolean;
}

const HOST = `select h.id::int as id, h.subscription_id as "subscriptionId", h.ref, h.hostname,
  h.os, h.kind, h.sensor_version as "sensorVersion", h.last_seen as "lastSeen", h.online,
  h.contained from edr_hosts h`;

/** The hosts of subscriptions already found visible, by hostname. */
export const listHosts = (db: Queryable, subscriptionIds: readonly number[]) =>
  db.query<HostRecord>(
    `${HOST} where h.subscription_id = any($1::int[]) order by lower(h.hostname), h.id`,
    [subscriptionIds],
  );

/** Hosts alike in what a subscription's figures count, and how many there are of each. */
export interface HostGroup {
  subscription_id: number;
  sensor_version: string;
  online: boolean;
  contained: boolean;
  stale: boolean;
  count: number;
}

/**
 * The hosts of subscriptions already found visible, counted by what their figures need (sensor
 * version, online, contained, unseen since `staleBefore`): a few rows a subscription, not one a host.
 */
export const countHosts = (db: Queryable, subscriptionIds: readonly number[], staleBefore: Date) =>
  db.query<HostGroup>(
    `select subscription_id, sensor_version, online, contained, last_seen <= $2 as stale,
            count(*)::int as count
       from edr_hosts where subscription_id = any($1::int[])
      group by subscription_id, sensor_version, online, contained, last_seen <= $2`,
    [subscriptionIds, staleBefore],
  );

/** A host of a visible subscription, locked for a containment change. */
export async function lockHost(
  tx: Queryable,
  subscriptionId: number,
  hostId: number,
): Promise<HostRecord | null> {
  const rows = await tx.query<HostRecord>(
    `${HOST} where h.subscription_id = $1 and h.id = $2 for update`,
    [subscriptionId, hostId],
  );
  return rows[0] ?? null;
}

export async function setHostContained(
  tx: Queryable,
  hostId: number,
  contained: boolean,
): Promise<void> {
  await tx.query('update edr_hosts set contained = $2 where id = $1', [hostId, contained]);
}

/** Where the tenant's containment tasks point: the host's medr detail. */
export async function hostPaths(db: Queryable, tenantId: number, hostIds: readonly number[]) {
  const rows = await db.query<{ id: number; subscription_id: number }>(
    `select h.id::int as id, s.id as subscription_id from edr_hosts h
       join edr_subscriptions s on s.id = h.subscription_id
      where h.id = any($2::bigint[]) and ${VISIBLE_MEDR}`,
    [tenantId, hostIds],
  );
  return new Map(rows.map((row) => [row.id, `/crowdstrike/medr/${row.subscription_id}`]));
}

/** Open detections (new, in progress) per subscription and severity. */
export async function openDetectionCounts(db: Queryable, subscriptionIds: readonly number[]) {
  return db.query<{ subscription_id: number; severity: DetectionSeverity; count: number }>(
    `select subscription_id, severity, count(*)::int as count from edr_detections
      where subscription_id = any($1::int[]) and status <> 'closed'
      group by subscription_id, severity`,
    [subscriptionIds],
  );
}

/** Released sensor versions, newest first. */
export const listReleases = (db: Queryable) =>
  db.query<{ version: string; released_at: string }>(
    `select version, to_char(released_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
            as released_at
       from edr_sensor_releases order by released_at desc, version desc`,
  );

/** Which detections a list holds: by status, of one host, or one detection. */
export interface DetectionFilter {
  status?: DetectionStatus;
  hostId?: number;
  detectionId?: number;
}

/**
 * A detection list as the contract's `EdrDetection`, with comments: severity first (critical on
 * top), then newest first, as an analyst works the queue.
 */
export async function listDetections(
  db: Queryable,
  subscriptionId: number,
  filter: DetectionFilter = {},
): Promise<EdrDetection[]> {
  const iso = (column: string) =>
    `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const rows = await db.query<{ list: unknown }>(
    `select coalesce(json_agg(x order by x.rank, x.at desc, x.id desc), '[]'::json) as list from (
       select d.id::int as id, d.host_id::int as host_id, h.hostname, d.severity, d.tactic,
              d.technique, d.description, ${iso('d.detected_at')} as detected_at, d.status,
              d.resolution, ${iso('d.closed_at')} as closed_at, d.assignee,
              coalesce((select json_agg(json_build_object('id', c.id, 'author', c.author,
                          'body', c.body, 'created_at', ${iso('c.created_at')}) order by c.id)
                          from edr_detection_comments c where c.detection_id = d.id),
                       '[]'::json) as comments,
              array_position(array['critical', 'high', 'medium', 'low'], d.severity) as rank,
              d.detected_at as at
         from edr_detections d join edr_hosts h on h.id = d.host_id
        where d.subscription_id = $1 and ($2::text is null or d.status = $2)
          and ($3::bigint is null or d.host_id = $3)
          and ($4::bigint is null or d.id = $4)) x`,
    [subscriptionId, filter.status ?? null, filter.hostId ?? null, filter.detectionId ?? null],
  );
  const list = rows[0]?.list ?? [];
  const parsed = (typeof list === 'string' ? JSON.parse(list) : list) as (EdrDetection & {
    rank?: number;
    at?: string;
  })[];
  // The sort keys are not the contract's.
  for (const row of parsed) {
    delete row.rank;
    delete row.at;
  }
  return parsed;
}

/** A host of a subscription already found visible, or null. */
export async function findHost(
  db: Queryable,
  subscriptionId: number,
  hostId: number,
): Promise<HostRecord | null> {
  const rows = await db.query<HostRecord>(`${HOST} where h.subscription_id = $1 and h.id = $2`, [
    subscriptionId,
    hostId,
  ]);
  return rows[0] ?? null;
}

/**
 * The users a detection of the subscription may be assigned to: those of the subscription's own
 * tenant and of the caller's (an MSSP's analysts), not disabled, by tenant and name.
 */
export const listAssignees = (db: Queryable, tenantIds: readonly number[]) =>
  db.query<{ email: string; name: string; tenant_name: string }>(
    `select u.email, coalesce(nullif(u.display_name, ''), u.email) as name, t.name as tenant_name
       from users u join tenants t on t.id = u.tenant_id
      where u.tenant_id = any($1::int[]) and u.state <> 'disabled'
      order by t.name, lower(coalesce(nullif(u.display_name, ''), u.email)), u.email`,
    [tenantIds],
  );

/** The ids among `ids` that are detections of the subscription. */
export async function existingDetections(
  tx: Queryable,
  subscriptionId: number,
  ids: readonly number[],
): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `select id::int as id from edr_detections
      where subscription_id = $1 and id = any($2::bigint[]) order by id for update`,
    [subscriptionId, ids],
  );
  return rows.map((row) => row.id);
}

export async function updateDetections(
  tx: Queryable,
  subscriptionId: number,
  ids: readonly number[],
  changes: {
    status?: DetectionStatus;
    resolution?: DetectionResolution;
    assignee?: string | null;
  },
): Promise<number> {
  // A new status sets the resolution with it (none unless closed) and when it was closed.
  const rows = await tx.query<{ id: number }>(
    `update edr_detections
        set status = coalesce($3, status),
            resolution = case when $3::text is null then resolution
                              when $3 = 'closed' then $6 else null end,
            closed_at = case when $3::text is null then closed_at
                             when $3 = 'closed' then coalesce(closed_at, now()) else null end,
            assignee = case when $4::boolean then $5 else assignee end
      where subscription_id = $1 and id = any($2::bigint[]) returning id`,
    [
      subscriptionId,
      ids,
      changes.status ?? null,
      changes.assignee !== undefined,
      changes.assignee ?? null,
      changes.resolution ?? null,
    ],
  );
  return rows.length;
}

export async function insertComment(
  tx: Queryable,
  tenantId: number,
  detectionId: number,
  author: string,
  body: string,
): Promise<EdrComment> {
  const rows = await tx.query<EdrComment>(
    `insert into edr_detection_comments (detection_id, tenant_id, author, body)
     values ($1, $2, $3, $4)
     returning id::int as id, author, body,
       to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`,
    [detectionId, tenantId, author, body],
  );
  const [comment] = rows;
  if (!comment) throw new Error('insert returned no comment');
  return comment;
}

export async function updatePolicy(
  tx: Queryable,
  subscriptionId: number,
  policy: { mode: SensorPolicy; pinnedVersion: string | null; uninstallProtection: boolean },
): Promise<void> {
  await tx.query(
    `update edr_subscriptions set policy_mode = $2, pinned_version = $3, uninstall_protection = $4
      where id = $1`,
    [subscriptionId, policy.mode, policy.pinnedVersion, policy.uninstallProtection],
  );
}

/**
 * Writes a check-in round's facts: the releases, every host (containment is written only by the
 * containment task, so a round read before it ended cannot undo it), and new detections.
 */
export async function applyEndpointFacts(
  tx: Queryable,
  subscription: { id: number; tenantId: number },
  facts: EndpointFacts,
): Promise<void> {
  for (const release of facts.releases)
    await tx.query(
      `insert into edr_sensor_releases (version, released_at) values ($1, $2)
       on conflict (version) do nothing`,
      [release.version, release.releasedAt],
    );
  if (facts.hosts.length > 0)
    await tx.query(
      `insert into edr_hosts (subscription_id, tenant_id, ref, hostname, os, kind, sensor_version,
                              last_seen, online, contained)
       select $1, $2, x.ref, x.hostname, x.os, x.kind, x."sensorVersion", x."lastSeen"::timestamptz,
              x.online, x.contained
         from json_to_recordset($3::json) as x(ref text, hostname text, os text, kind text,
              "sensorVersion" text, "lastSeen" text, online boolean, contained boolean)
       on conflict (subscription_id, ref) do update
         set hostname = excluded.hostname, os = excluded.os,
             sensor_version = excluded.sensor_version, last_seen = excluded.last_seen,
             online = excluded.online`,
      [subscription.id, subscription.tenantId, JSON.stringify(facts.hosts)],
    );
  if (facts.detections.length > 0)
    await tx.query(
      `insert into edr_detections (subscription_id, tenant_id, host_id, ref, severity, tactic,
                                   technique, description, detected_at)
       select $1, $2, h.id, x.ref, x.severity, x.tactic, x.technique, x.description,
              x."detectedAt"::timestamptz
         from json_to_recordset($3::json) as x(ref text, "hostRef" text, severity text,
              tactic text, technique text, description text, "detectedAt" text)
         join edr_hosts h on h.subscription_id = $1 and h.ref = x."hostRef"
       on conflict (subscription_id, ref) do nothing`,
      [subscription.id, subscription.tenantId, JSON.stringify(facts.detections)],
    );
}

/** Seats: the hosts with a sensor in the tenant's own medr subscriptions. */
export const sensorHosts = (db: Queryable, tenantId: number) =>
  db.query<{ id: string; name: string }>(
    `select h.id::text as id, h.hostname as name from edr_hosts h
       join edr_subscriptions s on s.id = h.subscription_id
      where s.tenant_id = $1 and s.kind = 'medr' order by lower(h.hostname), h.id`,
    [tenantId],
  );

/** A subscription of a tenant (by cdb_id), for the demo data. Answers its id. */
export async function insertSubscription(
  tx: Queryable,
  cdbId: string,
  subscription: { kind: 'medr' | 'mssp'; name: string },
): Promise<number | null> {
  const rows = await tx.query<{ id: number }>(
    `insert into edr_subscriptions (tenant_id, kind, name)
     select id, $2, $3 from tenants where cdb_id = $1 returning id`,
    [cdbId, subscription.kind, subscription.name],
  );
  return rows[0]?.id ?? null;
}

export async function insertMsspChild(
  tx: Queryable,
  msspId: number,
  childId: number,
  delegated: boolean,
): Promise<void> {
  await tx.query(
    `insert into edr_mssp_children (mssp_id, child_id, delegated) values ($1, $2, $3)
     on conflict do nothing`,
    [msspId, childId, delegated],
  );
}
