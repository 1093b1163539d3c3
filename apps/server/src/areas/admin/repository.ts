// The administration area's SQL: users across tenants (the built-in administrator sees them all),
// roles, the audit log (keyset pages newest first), and sign-in bookkeeping.
import {
  ADMINISTRATOR_ROLE,
  type AdminUser,
  type AuditLogEntry,
  type Permissions,
} from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import { insertedId } from '../../platform/rows.ts';
import type { TenantRecord } from '../../db/tenants.ts';
import { columnSorts, isoText, type ListSpec } from '../../platform/paging.ts';

// ---------------------------------------------------------------------------------------------
// Users

export const USER_LIST: ListSpec = {
  name: 'admin-users',
  from: 'users u join tenants t on t.id = u.tenant_id join roles ro on ro.id = u.role_id',
  id: 'u.id',
  fields: `u.id, u.email, u.display_name, t.cdb_id as tenant_cdb_id, t.name as tenant_name,
    ro.id as role_id, ro.name as role_name, u.state,
    case when u.last_sign_in_at is null then null else ${isoText('u.last_sign_in_at')} end
      as last_sign_in,
    u.second_factor, ${isoText('u.created_at')} as created_at`,
  sorts: columnSorts('u', {
    email: 'text',
    display_name: 'text',
    tenant_cdb_id: { sql: 't.cdb_id', type: 'text' },
    role_name: { sql: 'ro.name', type: 'text' },
    state: 'text',
    last_sign_in: { sql: "coalesce(u.last_sign_in_at, 'epoch'::timestamptz)", type: 'timestamptz' },
    created_at: 'timestamptz',
  }),
  defaultSort: 'email',
  search: ['u.email', 'u.display_name', 't.name'],
};

export interface UserFilters {
  tenant?: string;
  role?: number;
  state?: string;
}

/** The `where` of the users list's filters, `$1`-numbered. */
export function userFilterScope(filters: UserFilters): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const clauses = ['true'];
  if (filters.tenant !== undefined) {
    params.push(filters.tenant);
    clauses.push(`t.cdb_id = $${params.length}`);
  }
  if (filters.role !== undefined) {
    params.push(filters.role);
    clauses.push(`ro.id = $${params.length}`);
  }
  if (filters.state !== undefined) {
    params.push(filters.state);
    clauses.push(`u.state = $${params.length}`);
  }
  return { where: clauses.join(' and '), params };
}

/** One user as the list shows them (the contract's AdminUser), or null. */
export async function selectAdminUser(db: Queryable, id: number) {
  const rows = await db.query<{ user: AdminUser }>(
    `select row_to_json(x) as user from (select ${USER_LIST.fields} from ${USER_LIST.from}
      where u.id = $1) x`,
    [id],
  );
  return rows[0]?.user ?? null;
}

/** The users of a filter, in e-mail order, `batch` at a time after `afterEmail` (CSV). */
export async function selectUsersBatch(
  db: Queryable,
  scope: { where: string; params: unknown[] },
  q: string,
  afterEmail: string,
  batch: number,
) {
  const params = [...scope.params, afterEmail, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`];
  const n = scope.params.length;
  return db.query<AdminUser>(
    `select ${USER_LIST.fields} from ${USER_LIST.from}
      where (${scope.where}) and u.email > $${n + 1}
        and (u.email ilike $${n + 2} or u.display_name ilike $${n + 2} or t.name ilike $${n + 2})
      order by u.email limit ${batch}`,
    params,
  );
}

export interface StoredUser {
  id: number;
  email: string;
  state: 'invited' | 'active' | 'disabled';
  role_id: number;
  role_name: string;
  role_builtin: boolean;
  tenant_cdb_id: string;
}

/** A user with their role, locked for the change that follows. */
export async function lockUser(db: Queryable, id: number): Promise<StoredUser | null> {
  const rows = await db.query<StoredUser>(
    `select u.id, u.email, u.state, r.id as role_id, r.name as role_name,
            r.builtin as role_builtin, t.cdb_id as tenant_cdb_id
       from users u join roles r on r.id = u.role_id join tenants t on t.id = u.tenant_id
      where u.id = $1 for update of u`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * How many enabled built-in administrators there are besides `exceptId`; taken under a lock on
 * the Administrator role, so that two concurrent changes cannot both remove "the other one".
 */
export async function otherAdministrators(db: Queryable, exceptId: number): Promise<number> {
  await db.query('select id from roles where name = $1 and builtin for update', [
    ADMINISTRATOR_ROLE,
  ]);
  const rows = await db.query<{ count: number }>(
    `select count(*)::integer as count from users u join roles r on r.id = u.role_id
      where r.name = $1 and r.builtin and u.state <> 'disabled' and u.id <> $2`,
    [ADMINISTRATOR_ROLE, exceptId],
  );
  return rows[0]?.count ?? 0;
}

export const isAdministratorRole = (role: { name: string; builtin: boolean }) =>
  role.builtin && role.name === ADMINISTRATOR_ROLE;

export async function insertInvitedUser(
  db: Queryable,
  user: { email: string; displayName: string; tenantId: number; roleId: number },
): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `insert into users (email, tenant_id, role_id, display_name, state)
     values ($1, $2, $3, $4, 'invited') on conflict (email) do nothing returning id`,
    [user.email, user.tenantId, user.roleId, user.displayName],
  );
  return rows[0]?.id ?? null;
}

export async function updateUser(
  db: Queryable,
  id: number,
  change: { roleId?: number; tenantId?: number; displayName?: string },
): Promise<void> {
  await db.query(
    `update users set role_id = coalesce($2, role_id), tenant_id = coalesce($3, tenant_id),
                      display_name = coalesce($4, display_name)
      where id = $1`,
    [id, change.roleId ?? null, change.tenantId ?? null, change.displayName ?? null],
  );
}

/** Disabled, or back to active (invited when they never signed in). */
export async function setUserDisabled(db: Queryable, id: number, disabled: boolean) {
  await db.query(
    `update users set state = case when $2 then 'disabled'
                                   when last_sign_in_at is null then 'invited' else 'active' end
      where id = $1`,
    [id, disabled],
  );
}

export async function setSecondFactor(db: Queryable, email: string, enrolled: boolean) {
  await db.query('update users set second_factor = $2 where email = $1', [email, enrolled]);
}

export async function deleteUserRow(db: Queryable, id: number): Promise<void> {
  await db.query('delete from users where id = $1', [id]);
}

/**
 * Records a sign-in once per session: only the first request whose sign-in time is later than the
 * stored one updates the row (an invited user becomes active). True when this call recorded it.
 */
export async function recordSignIn(db: Queryable, email: string, at: Date): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `update users set last_sign_in_at = $2,
                      state = case when state = 'invited' then 'active' else state end
      where email = $1 and (last_sign_in_at is null or last_sign_in_at < $2) returning id`,
    [email, at],
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Tenants and roles

export async function selectTenants(db: Queryable, kinds?: readonly string[]) {
  return db.query<Omit<TenantRecord, 'id'>>(
    `select cdb_id, name, kind from tenants
      where $1::text[] is null or kind = any($1::text[]) order by name`,
    [kinds ? [...kinds] : null],
  );
}

export interface StoredRole {
  id: number;
  name: string;
  builtin: boolean;
  permissions: Permissions;
  users: number;
}

const SELECT_ROLE = `select r.id, r.name, r.builtin, r.permissions,
    (select count(*)::integer from users u where u.role_id = r.id) as users
  from roles r`;

export const selectRoles = (db: Queryable) =>
  db.query<StoredRole>(`${SELECT_ROLE} order by r.builtin desc, r.name`);

export async function selectRole(db: Queryable, id: number, lock = false) {
  const rows = await db.query<StoredRole>(
    lock
      ? `select r.id, r.name, r.builtin, r.permissions, 0 as users from roles r
          where r.id = $1 for update`
      : `${SELECT_ROLE} where r.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export const selectRoleHolders = (db: Queryable, roleId: number) =>
  db.query<{ id: number; email: string; tenant_cdb_id: string; state: StoredUser['state'] }>(
    `select u.id, u.email, t.cdb_id as tenant_cdb_id, u.state
       from users u join tenants t on t.id = u.tenant_id where u.role_id = $1 order by u.email`,
    [roleId],
  );

export async function countRoleHolders(db: Queryable, roleId: number): Promise<number> {
  const rows = await db.query<{ count: number }>(
    'select count(*)::integer as count from users where role_id = $1',
    [roleId],
  );
  return rows[0]?.count ?? 0;
}

export async function roleNameTaken(db: Queryable, name: string, exceptId = 0) {
  const rows = await db.query('select 1 from roles where lower(name) = lower($1) and id <> $2', [
    name,
    exceptId,
  ]);
  return rows.length > 0;
}

export async function insertRole(db: Queryable, name: string, permissions: Permissions) {
  return insertedId(
    db,
    `insert into roles (name, builtin, permissions) values ($1, false, $2::jsonb) returning id`,
    [name, JSON.stringify(permissions)],
  );
}

export async function updateRole(
  db: Queryable,
  id: number,
  change: { name?: string; permissions?: Permissions },
) {
  await db.query(
    `update roles set name = coalesce($2, name), permissions = coalesce($3::jsonb, permissions)
      where id = $1`,
    [id, change.name ?? null, change.permissions ? JSON.stringify(change.permissions) : null],
  );
}

export async function deleteRole(db: Queryable, id: number) {
  await db.query('delete from roles where id = $1', [id]);
}

// ---------------------------------------------------------------------------------------------
// The audit log

export interface LogFilters {
  users?: string[];
  tenant?: string;
  area?: string;
  action?: string;
  result?: string;
  from?: string;
  to?: string;
  q?: string;
}

/** The log's position after a row: its exact time (text, full precision) and id. */
export interface LogPosition {
  at: string;
  id: number;
}

const LOG_FIELDS = `id::integer as id, ${isoText('at')} as at, actor_email as user,
  actor_tenant as tenant, acting_tenant as acted_for, area, action, target, target_label, result,
  detail->>'message' as message, address, at::text as at_key`;

function logWhere(filters: LogFilters, after: LogPosition | null) {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const clauses: string[] = [];
  if (filters.users && filters.users.length > 0)
    clauses.push(`actor_email = any(${param(filters.users)}::text[])`);
  if (filters.tenant) {
    const tenant = param(filters.tenant);
    clauses.push(`(actor_tenant = ${tenant} or acting_tenant = ${tenant})`);
  }
  if (filters.area) clauses.push(`area = ${param(filters.area)}`);
  if (filters.action) clauses.push(`action = ${param(filters.action)}`);
  if (filters.result) clauses.push(`result = ${param(filters.result)}`);
  if (filters.from) clauses.push(`at >= ${param(filters.from)}::timestamptz`);
  if (filters.to) clauses.push(`at < ${param(filters.to)}::timestamptz`);
  if (filters.q) {
    const text = param(`%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    // What the table shows: who, what, to what (its id and its name) and the message. So a
    // user's address finds what they did and what was done to them.
    clauses.push(
      `(actor_email ilike ${text} or action ilike ${text} or target ilike ${text}
        or target_label ilike ${text} or detail->>'message' ilike ${text})`,
    );
  }
  const filter = clauses.length > 0 ? clauses.join(' and ') : 'true';
  const keyset = after
    ? ` and (at, id) < (${param(after.at)}::timestamptz, ${param(after.id)}::bigint)`
    : '';
  return { filter, keyset, params };
}

type LogRow = AuditLogEntry & { at_key: string };

/** One page of the log, newest first, and the position after its last row (or null). */
export async function selectLogPage(
  db: Queryable,
  filters: LogFilters,
  after: LogPosition | null,
  limit: number,
): Promise<{ rows: AuditLogEntry[]; next: LogPosition | null }> {
  const { filter, keyset, params } = logWhere(filters, after);
  // The order names the table's columns: bare `at` and `id` would be the reply's text and integer
  // columns of the same names, which no index sorts (a full scan and sort of the whole log).
  const rows = await db.query<LogRow>(
    `select ${LOG_FIELDS} from audit_log where ${filter}${keyset}
      order by audit_log.at desc, audit_log.id desc limit ${limit + 1}`,
    params,
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const next = rows.length > limit && last ? { at: last.at_key, id: last.id } : null;
  return { rows: page.map(({ at_key: _key, ...row }) => row), next };
}

/** How many rows match, counted up to `cap` (a page's total; "more than" beyond it). */
export async function countLog(db: Queryable, filters: LogFilters, cap: number): Promise<number> {
  const { filter, params } = logWhere(filters, null);
  const rows = await db.query<{ count: number }>(
    `select count(*)::integer as count from (select 1 from audit_log where ${filter} limit ${cap}) x`,
    params,
  );
  return rows[0]?.count ?? 0;
}

/** Deletes entries older than `days`; answers how many. */
/** How the log names a user or a role by id, as people know it (null when there is none). */
export async function targetLabel(
  db: Queryable,
  kind: 'user' | 'role',
  id: number,
): Promise<string | null> {
  const rows = await db.query<{ label: string }>(
    kind === 'user'
      ? 'select email as label from users where id = $1'
      : 'select name as label from roles where id = $1',
    [id],
  );
  return rows[0]?.label ?? null;
}

export async function deleteOldLog(db: Queryable, days: number): Promise<number> {
  const rows = await db.query<{ count: number }>(
    `with gone as (delete from audit_log where at < now() - make_interval(days => $1) returning 1)
     select count(*)::integer as count from gone`,
    [days],
  );
  return rows[0]?.count ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Acting for a customer

/** Serialises one user's acting starts and ends (two ends at once record one). */
const ACTING_LOCK = 7_420_421;

/**
 * Holds the user's acting lock for the rest of the transaction, then answers whether an acting
 * session for the tenant has started and not yet ended (from the audit log): the one `session`
 * names (each browser tab has its own), or without it the user's last.
 */
export async function lockOpenActing(
  tx: Queryable,
  actorEmail: string,
  cdbId: string,
  session?: string,
): Promise<boolean> {
  await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [ACTING_LOCK, actorEmail]);
  if (session) {
    const events = await tx.query<{ action: string }>(
      `select action from audit_log
        where actor_email = $1 and acting_tenant = $2 and result = 'success'
          and action in ('tenant.act_start', 'tenant.act_end') and detail->>'session' = $3`,
      [actorEmail, cdbId, session],
    );
    return (
      events.some((event) => event.action === 'tenant.act_start') &&
      !events.some((event) => event.action === 'tenant.act_end')
    );
  }
  const [last] = await tx.query<{ action: string }>(
    `select action from audit_log
      where actor_email = $1 and acting_tenant = $2 and result = 'success'
        and action in ('tenant.act_start', 'tenant.act_end')
      order by at desc, id desc limit 1`,
    [actorEmail, cdbId],
  );
  return last?.action === 'tenant.act_start';
}
