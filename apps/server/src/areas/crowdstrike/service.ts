// Endpoint security's rules: who sees what, the headline figures, and the checks before a change.
// The platform's sensors check in (a round of `observeEndpoints`) in the background for lists
// (`checkins.ts`) and before a subscription's own pages answer, so that those are as of the call;
// the round's facts are written to the portal's tables here.
import type {
  ListPagingQuery,
  ContainmentBody,
  DetectionBulkBody,
  EdrAssignee,
  EdrComment,
  EdrDetection,
  EdrDetectionDetail,
  EdrDetectionQuery,
  EdrHost,
  EdrHostDetail,
  EdrHostQuery,
  EdrPolicyBody,
  EdrSubscription,
  EdrTotals,
  MedrDetail,
  MsspDetail,
} from '@portal/api/contract';
import {
  containmentRefusal,
  detectionChangeRefusal,
  isOutdated,
  isStale,
  policyRefusal,
  STALE_AFTER_MINUTES,
  targetVersion,
} from '@portal/api/domain';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Caller } from '../../plugins/access.ts';
import { columnSorts, listJson, parsePaging, type ListSpec } from '../../platform/paging.ts';
import type { Prepared } from '../../platform/tasks/route.ts';
import { listVms } from '../compute/index.ts';
import type { EndpointDriver } from './driver.ts';
import {
  applyEndpointFacts,
  claimFirstCheckIns,
  countChildren,
  countHosts,
  existingDetections,
  findHost,
  findMedr,
  findMssp,
  insertComment,
  listAssignees,
  listDetections,
  listHosts,
  listMsspChildren,
  listOwnSubscriptions,
  listReleases,
  lockHost,
  markCheckedIn,
  openDetectionCounts,
  updateDetections,
  updatePolicy,
  type HostRecord,
  type SubscriptionRecord,
} from './repository.ts';

export interface CrowdstrikeDeps {
  db: Database;
  driver: EndpointDriver;
}

/** Subscriptions never checked in that a list read checks in before it answers, at most. */
const AWAITED_PER_READ = 4;

const MEDR_NOT_FOUND = (id: number) => `The managed EDR subscription ${id} does not exist.`;

/** One check-in round of a medr subscription's sensors, written to the portal's tables. */
export async function checkIn(
  deps: CrowdstrikeDeps,
  subscription: SubscriptionRecord,
): Promise<void> {
  const vms = await listVms(deps.db, subscription.tenantId, { series: 'any' });
  const facts = await deps.driver.observeEndpoints(
    { id: subscription.id, tenantId: subscription.tenantId },
    vms.map((vm) => ({
      vmId: vm.id,
      name: vm.displayName,
      os: `${vm.os.name} ${vm.os.version}`,
      poweredOn: vm.powerState === 'poweredOn',
    })),
    { mode: subscription.policyMode, pinnedVersion: subscription.pinnedVersion },
    new Date(),
  );
  await deps.db.transaction((tx) => applyEndpointFacts(tx, subscription, facts));
}

/**
 * Checks in the listed medr subscriptions that never had a check-in (a few; the background
 * check-ins take the rest, and keep every subscription's figures fresh: `checkins.ts`), so that a
 * new subscription shows its hosts at once. A failed round leaves the list as it is: the
 * subscription is claimed again once it is due.
 */
async function checkInNew(deps: CrowdstrikeDeps, subscriptions: readonly SubscriptionRecord[]) {
  // Read with the list: a list whose subscriptions all had a check-in writes nothing.
  const medrs = subscriptions.filter((each) => each.kind === 'medr' && each.neverCheckedIn);
  if (medrs.length === 0) return;
  const claimed = new Set(
    await claimFirstCheckIns(
      deps.db,
      medrs.map((subscription) => subscription.id),
      AWAITED_PER_READ,
    ),
  );
  for (const subscription of medrs.filter((each) => claimed.has(each.id)))
    await checkIn(deps, subscription).catch(() => undefined);
}

const versionsOf = async (db: Queryable) =>
  (await listReleases(db)).map((release) => release.version);

const targetOf = (subscription: SubscriptionRecord, versions: readonly string[]) =>
  targetVersion(
    { mode: subscription.policyMode, pinned_version: subscription.pinnedVersion },
    versions,
  );

const hostView = (host: HostRecord, target: string | null, now: number): EdrHost => ({
  id: host.id,
  hostname: host.hostname,
  os: host.os,
  kind: host.kind,
  sensor_version: host.sensorVersion,
  outdated: isOutdated(host.sensorVersion, target),
  stale: isStale(host.lastSeen, now),
  status: host.contained ? 'contained' : host.online ? 'online' : 'offline',
  last_seen: new Date(host.lastSeen).toISOString(),
});

const emptyTotals = (): EdrTotals => ({
  hosts: 0,
  online: 0,
  contained: 0,
  outdated: 0,
  stale: 0,
  open_detections: { critical: 0, high: 0, medium: 0, low: 0 },
});

/** Each medr subscription's figures, by id. */
async function totalsOf(
  db: Queryable,
  subscriptions: readonly SubscriptionRecord[],
): Promise<Map<number, EdrTotals>> {
  const medrs = subscriptions.filter((subscription) => subscription.kind === 'medr');
  const ids = medrs.map((subscription) => subscription.id);
  // isStale's threshold, as a time the database compares last_seen with.
  const staleBefore = new Date(Date.now() - STALE_AFTER_MINUTES * 60_000);
  // Three independent reads: PostgreSQL answers them side by side.
  const [versions, hostGroups, detectionCounts] = await Promise.all([
    versionsOf(db),
    countHosts(db, ids, staleBefore),
    openDetectionCounts(db, ids),
  ]);
  const targets = new Map(medrs.map((s) => [s.id, targetOf(s, versions)]));
  const totals = new Map(ids.map((id) => [id, emptyTotals()]));
  for (const group of hostGroups) {
    const total = totals.get(group.subscription_id);
    if (!total) continue;
    total.hosts += group.count;
    if (group.contained) total.contained += group.count;
    else if (group.online) total.online += group.count;
    if (isOutdated(group.sensor_version, targets.get(group.subscription_id) ?? null))
      total.outdated += group.count;
    if (group.stale) total.stale += group.count;
  }
  for (const row of detectionCounts) {
    const total = totals.get(row.subscription_id);
    if (total) total.open_detections[row.severity] += row.count;
  }
  return totals;
}

const sum = (parts: readonly EdrTotals[]): EdrTotals =>
  parts.reduce((all, part) => {
    all.hosts += part.hosts;
    all.online += part.online;
    all.contained += part.contained;
    all.outdated += part.outdated;
    all.stale += part.stale;
    for (const severity of ['critical', 'high', 'medium', 'low'] as const)
      all.open_detections[severity] += part.open_detections[severity];
    return all;
  }, emptyTotals());

/** An mssp's children, counted (null for a medr). */
const CHILD_COUNT = `(select count(*)::integer from edr_mssp_children c where c.mssp_id = s.id)`;
/** Hosts of a medr, or of an mssp's children: the figure `totals.hosts` gives the row. */
const HOST_COUNT = `((select count(*) from edr_hosts h where h.subscription_id = s.id)
  + (select count(*) from edr_hosts h join edr_mssp_children c on c.child_id = h.subscription_id
      where c.mssp_id = s.id))::integer`;

/**
 * The subscription list paged by the database: a row's figures come from the platform (an
 * outdated sensor depends on the subscription's policy), so they are counted afterwards, for the
 * page's rows only. The host count the `hosts` sort orders by is the database's own.
 */
const SUBSCRIPTION_LIST: ListSpec = {
  name: 'crowdstrike',
  from: 'edr_subscriptions s join tenants t on t.id = s.tenant_id',
  id: 's.id',
  fields: `s.id, s.kind, s.name, s.state, t.name as tenant_name, null as totals,
    case when s.kind = 'mssp' then ${CHILD_COUNT} end as children`,
  sorts: columnSorts('s', {
    id: 'integer',
    name: 'text',
    kind: 'text',
    state: 'text',
    children: { sql: `case when s.kind = 'mssp' then ${CHILD_COUNT} else -1 end`, type: 'integer' },
    hosts: { sql: HOST_COUNT, type: 'integer' },
    tenant: { sql: 't.name', type: 'text' },
  }),
  defaultSort: 'id',
  search: ['s.name', 's.kind', 's.state', 't.name'],
};

/** `GET /services/crowdstrike`: the whole list (medr first, then by name), or a page of it. */
export async function readSubscriptionList(
  deps: CrowdstrikeDeps,
  caller: Caller,
  query: ListPagingQuery,
): Promise<{ data: EdrSubscription[]; page?: { next_cursor: string | null; total: number } }> {
  const paging = parsePaging(SUBSCRIPTION_LIST, query, String(caller.tenantId));
  if (!paging) {
    const own = await listOwnSubscriptions(deps.db, caller.tenantId);
    const counts = await countChildren(
      deps.db,
      own.filter((subscription) => subscription.kind === 'mssp').map((mssp) => mssp.id),
    );
    const rows = own.map((subscription) => rowOf(subscription, counts.get(subscription.id) ?? 0));
    return { data: await withTotals(deps, caller, own, rows) };
  }
  const scope = { tenantId: caller.tenantId, where: 's.tenant_id = $1', params: [caller.tenantId] };
  const reply = JSON.parse(
    String(await listJson(deps.db, SUBSCRIPTION_LIST, scope, paging)),
  ) as Awaited<ReturnType<typeof readSubscriptionList>>;
  const shown = await listOwnSubscriptions(
    deps.db,
    caller.tenantId,
    reply.data.map((row) => row.id),
  );
  return { ...reply, data: await withTotals(deps, caller, shown, reply.data) };
}

const rowOf = (subscription: SubscriptionRecord, children: number): EdrSubscription => ({
  id: subscription.id,
  kind: subscription.kind,
  name: subscription.name,
  state: subscription.state,
  tenant_name: subscription.tenantName,
  totals: emptyTotals(),
  children: subscription.kind === 'mssp' ? children : null,
});

/**
 * `rows` with their figures, counted for them alone: a medr's from its hosts and detections (a
 * new one checked in first), an mssp's the sum of its children's. `records` are the rows' own.
 */
async function withTotals(
  deps: CrowdstrikeDeps,
  caller: Caller,
  records: readonly SubscriptionRecord[],
  rows: readonly EdrSubscription[],
): Promise<EdrSubscription[]> {
  const byId = new Map(records.map((subscription) => [subscription.id, subscription]));
  const children = new Map<number, SubscriptionRecord[]>();
  for (const row of rows.filter((each) => each.kind === 'mssp'))
    children.set(row.id, await listMsspChildren(deps.db, caller.tenantId, row.id));
  const medrsOf = (row: EdrSubscription) =>
    row.kind === 'mssp'
      ? (children.get(row.id) ?? [])
      : [byId.get(row.id)].filter((medr) => medr !== undefined);
  const medrs = rows.flatMap(medrsOf);
  await checkInNew(deps, medrs);
  const totals = await totalsOf(deps.db, medrs);
  return rows.map((row) => ({
    ...row,
    totals: sum(medrsOf(row).map((medr) => totals.get(medr.id) ?? emptyTotals())),
  }));
}

async function visibleMedr(deps: CrowdstrikeDeps, caller: Caller, id: number, sync = true) {
  const subscription = await findMedr(deps.db, caller.tenantId, id);
  if (!subscription) throw notFound(MEDR_NOT_FOUND(id));
  if (sync) {
    await checkIn(deps, subscription);
    await markCheckedIn(deps.db, subscription.id);
  }
  return subscription;
}

async function medrDetail(db: Queryable, subscription: SubscriptionRecord): Promise<MedrDetail> {
  const releases = await listReleases(db);
  const totals = await totalsOf(db, [subscription]);
  return {
    id: subscription.id,
    kind: 'medr',
    name: subscription.name,
    state: subscription.state,
    tenant_name: subscription.tenantName,
    policy: {
      mode: subscription.policyMode,
      pinned_version: subscription.pinnedVersion,
      uninstall_protection: subscription.uninstallProtection,
    },
    target_version: targetOf(
      subscription,
      releases.map((release) => release.version),
    ),
    releases,
    totals: totals.get(subscription.id) ?? emptyTotals(),
  };
}

/** `GET /services/crowdstrike/medr/{id}` */
export async function readMedr(
  deps: CrowdstrikeDeps,
  caller: Caller,
  id: number,
): Promise<MedrDetail> {
  return medrDetail(deps.db, await visibleMedr(deps, caller, id));
}

/** `GET /services/crowdstrike/medr/{id}/hosts` */
export async function readHosts(
  deps: CrowdstrikeDeps,
  caller: Caller,
  id: number,
  query: EdrHostQuery,
): Promise<EdrHost[]> {
  const subscription = await visibleMedr(deps, caller, id);
  const target = targetOf(subscription, await versionsOf(deps.db));
  const now = Date.now();
  const hosts = (await listHosts(deps.db, [id])).map((host) => hostView(host, target, now));
  if (query.filter === 'outdated') return hosts.filter((host) => host.outdated);
  if (query.filter === 'stale') return hosts.filter((host) => host.stale);
  return hosts;
}

/** `GET /services/crowdstrike/medr/{id}/detections` */
export async function readDetections(
  deps: CrowdstrikeDeps,
  caller: Caller,
  id: number,
  query: EdrDetectionQuery,
): Promise<EdrDetection[]> {
  await visibleMedr(deps, caller, id);
  return listDetections(deps.db, id, { status: query.status });
}

const hostOf = async (db: Queryable, subscription: SubscriptionRecord, hostId: number) => {
  const host = await findHost(db, subscription.id, hostId);
  if (!host) throw notFound(`The host ${hostId} does not exist.`);
  return hostView(host, targetOf(subscription, await versionsOf(db)), Date.now());
};

/** `GET /services/crowdstrike/medr/{id}/hosts/{hostId}`: the host and its detections. */
export async function readHost(
  deps: CrowdstrikeDeps,
  caller: Caller,
  id: number,
  hostId: number,
): Promise<EdrHostDetail> {
  const subscription = await visibleMedr(deps, caller, id);
  const host = await hostOf(deps.db, subscription, hostId);
  return {
    host,
    subscription_name: subscription.name,
    detections: await listDetections(deps.db, id, { hostId }),
  };
}

/** `GET /services/crowdstrike/medr/{id}/detections/{detectionId}`: the detection and its host. */
export async function readDetection(
  deps: CrowdstrikeDeps,
  caller: Caller,
  id: number,
  detectionId: number,
): Promise<EdrDetectionDetail> {
  const subscription = await visibleMedr(deps, caller, id);
  const [detection] = await listDetections(deps.db, id, { detectionId });
  if (!detection) throw notFound(`Detection ${detectionId} does not exist.`);
  return {
    detection,
    host: await hostOf(deps.db, subscription, detection.host_id),
    subscription_name: subscription.name,
  };
}

/** The tenants whose users may take a detection of the subscription: its own and the caller's. */
const assigneeTenants = (subscription: SubscriptionRecord, caller: Caller) => [
  ...new Set([subscription.tenantId, caller.tenantId]),
];

/** `GET /services/crowdstrike/medr/{id}/assignees` */
export async function readAssignees(
  deps: CrowdstrikeDeps,
  caller: Caller,
  id: number,
): Promise<EdrAssignee[]> {
  const subscription = await visibleMedr(deps, caller, id, false);
  return listAssignees(deps.db, assigneeTenants(subscription, caller));
}

/** `PATCH /services/crowdstrike/medr/{id}/policy`: answers the detail with the new policy. */
export async function changePolicy(
  deps: CrowdstrikeDeps,
  caller: Caller,
  id: number,
  body: EdrPolicyBody,
): Promise<MedrDetail> {
  const subscription = await deps.db.transaction(async (tx) => {
    const found = await findMedr(tx, caller.tenantId, id, true);
    if (!found) throw notFound(MEDR_NOT_FOUND(id));
    const refusal = policyRefusal(body, await versionsOf(tx));
    if (refusal) throw badRequest(`pinned_version: ${refusal}`, 'pinned_version');
    const pinnedVersion = body.mode === 'pinned' ? (body.pinned_version ?? null) : null;
    await updatePolicy(tx, id, {
      mode: body.mode,
      pinnedVersion,
      uninstallProtection: body.uninstall_protection,
    });
    return {
      ...found,
      policyMode: body.mode,
      pinnedVersion,
      uninstallProtection: body.uninstall_protection,
    };
  });
  await checkIn(deps, subscription);
  return medrDetail(deps.db, subscription);
}

/** `PATCH /services/crowdstrike/medr/{id}/detections`: status, assignee and a comment on several. */
export async function changeDetections(
  deps: CrowdstrikeDeps,
  caller: Caller,
  id: number,
  body: DetectionBulkBody,
): Promise<{ updated: number }> {
  if (body.status === undefined && body.assignee === undefined && body.comment === undefined)
    throw badRequest('status: give a status, an assignee or a comment', 'status');
  const refusal = detectionChangeRefusal(body);
  if (refusal) throw badRequest(`${refusal.field}: ${refusal.message}`, refusal.field);
  return deps.db.transaction(async (tx) => {
    const subscription = await findMedr(tx, caller.tenantId, id);
    if (!subscription) throw notFound(MEDR_NOT_FOUND(id));
    const wanted = body.assignee?.trim().toLowerCase();
    if (
      wanted !== undefined &&
      !(await listAssignees(tx, assigneeTenants(subscription, caller))).some(
        (user) => user.email === wanted,
      )
    )
      throw badRequest(
        `assignee: ${wanted} is not one of the users who may take this subscription's detections`,
        'assignee',
      );
    const ids = [...new Set(body.ids)];
    const found = await existingDetections(tx, id, ids);
    const missing = ids.filter((each) => !found.includes(each));
    if (missing.length > 0)
      throw notFound(
        `Detection${missing.length === 1 ? '' : 's'} ${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist.`,
      );
    const assignee = body.assignee === undefined ? undefined : (wanted ?? null);
    const updated = await updateDetections(tx, id, ids, {
      status: body.status,
      resolution: body.resolution,
      assignee,
    });
    if (body.comment !== undefined)
      for (const detection of ids)
        await insertComment(tx, caller.tenantId, detection, caller.email, body.comment.trim());
    return { updated };
  });
}

/** `POST /services/crowdstrike/medr/{id}/detections/{detectionId}/comments` */
export async function addComment(
  deps: CrowdstrikeDeps,
  caller: Caller,
  id: number,
  detectionId: number,
  body: string,
): Promise<{ comment: EdrComment; detectionName: string }> {
  return deps.db.transaction(async (tx) => {
    if (!(await findMedr(tx, caller.tenantId, id))) throw notFound(MEDR_NOT_FOUND(id));
    const [detection] = await listDetections(tx, id, { detectionId });
    if (!detection) throw notFound(`Detection ${detectionId} does not exist.`);
    const comment = await insertComment(
      tx,
      caller.tenantId,
      detectionId,
      caller.email,
      body.trim(),
    );
    return { comment, detectionName: detectionName(detection) };
  });
}

/** A detection as people know it, as its page's title says: "Execution on acme-web-01". */
export const detectionName = (detection: Pick<EdrDetection, 'tactic' | 'hostname'>): string =>
  `${detection.tactic} on ${detection.hostname}`;

/** `GET /services/crowdstrike/mssp/{id}`: totals over the children and the children table. */
export async function readMssp(
  deps: CrowdstrikeDeps,
  caller: Caller,
  id: number,
): Promise<MsspDetail> {
  const mssp = await findMssp(deps.db, caller.tenantId, id);
  if (!mssp) throw notFound(`The MSSP subscription ${id} does not exist.`);
  const children = await listMsspChildren(deps.db, caller.tenantId, id);
  await checkInNew(deps, children);
  const totals = await totalsOf(deps.db, children);
  const rows = children.map((child) => ({
    tenant_name: child.tenantName,
    cdb_id: child.cdbId,
    name: child.name,
    medr_id: child.delegated || child.tenantId === caller.tenantId ? child.id : null,
    totals: totals.get(child.id) ?? emptyTotals(),
  }));
  return {
    id: mssp.id,
    kind: 'mssp',
    name: mssp.name,
    state: mssp.state,
    tenant_name: mssp.tenantName,
    totals: sum(rows.map((row) => row.totals)),
    children: rows,
  };
}

/** The containment task's precondition: a host of a visible medr, in a state that allows it. */
export async function prepareContainment(
  tx: Queryable,
  caller: Caller,
  id: number,
  hostId: number,
  body: ContainmentBody,
): Promise<Prepared<{ subscription_id: number; host_ref: string; operation: 'contain' | 'lift' }>> {
  if (!(await findMedr(tx, caller.tenantId, id))) throw notFound(MEDR_NOT_FOUND(id));
  const host = await lockHost(tx, id, hostId);
  if (!host) throw notFound(`The host ${hostId} does not exist.`);
  const status = host.contained ? 'contained' : host.online ? 'online' : 'offline';
  const refusal = containmentRefusal(body.operation, status);
  if (refusal) throw conflict(refusal);
  return {
    target: { id: host.id, name: host.hostname },
    payload: { subscription_id: id, host_ref: host.ref, operation: body.operation },
  };
}
