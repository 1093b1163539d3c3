// Administration rules: users (invite, change, disable, delete, reset second factor), roles and
// the audit log. The built-in administrator is checked by the routes; nothing here is HTTP.
import {
  INTERNAL_TENANT_CDB_IDS,
  isBuiltinAdministrator,
  isInternalUser,
  LIST_DEFAULT_LIMIT,
  type AdminRoleDetail,
  type AdminUser,
  type AdminUsersCsvQuery,
  type AdminUsersQuery,
  type AuditLogCsvQuery,
  type AuditLogEntry,
  type AuditLogQuery,
  type CreateRole,
  type InvitedUser,
  type InviteUser,
  type Permissions,
  type TenantSummary,
  type UpdateRole,
  type UpdateUser,
} from '@portal/api/contract';
import {
  lastAdministratorRefusal,
  roleChangeRefusal,
  roleDeleteRefusal,
  typedConfirmationRefusal,
} from '@portal/api/domain';
import type { Database, Queryable } from '../../db/database.ts';
import { findTenantByCdbId } from '../../db/tenants.ts';
import type { UserRecord } from '../../db/users.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../errors.ts';
import { ACTABLE_TENANT_KINDS, NOT_INTERNAL_MESSAGE } from '../../plugins/acting-tenant.ts';
import { invalidateAllPrincipals, invalidatePrincipal } from '../../plugins/principal-cache.ts';
import { listJson, parsePaging } from '../../platform/paging.ts';
import type { Mailer } from '../../platform/mail.ts';
import { csvChunks } from './csv.ts';
import { identityErrorCode, type IdentityAdmin } from '../../identity-admin.ts';
import { sendInvitation, type Inviter } from './invitation-mail.ts';
import {
  countLog,
  countRoleHolders,
  deleteRole,
  deleteUserRow,
  insertInvitedUser,
  insertRole,
  isAdministratorRole,
  lockUser,
  otherAdministrators,
  roleNameTaken,
  selectAdminUser,
  selectLogPage,
  selectRole,
  selectRoleHolders,
  selectRoles,
  selectTenants,
  selectUsersBatch,
  setSecondFactor,
  setUserDisabled,
  updateRole,
  updateUser,
  USER_LIST,
  userFilterScope,
  type LogFilters,
  type LogPosition,
  type StoredUser,
} from './repository.ts';

export interface AdminDeps {
  db: Database;
  /** firebase-admin's Auth; null when this server cannot manage identities. */
  identity: IdentityAdmin | null;
  /** Sends the invitation e-mails. */
  mailer: Mailer;
}

const needIdentity = (deps: AdminDeps): IdentityAdmin => {
  if (!deps.identity)
    throw new HttpError(503, 'This server cannot manage sign-in accounts (no identity service).');
  return deps.identity;
};

// ---------------------------------------------------------------------------------------------
// Users

/** `GET /admin/users`: the whole list, or a page, as JSON text. */
export function listUsers(db: Queryable, query: AdminUsersQuery): Promise<string | Buffer> {
  const { tenant, role, state, ...pagingQuery } = query;
  const filters = { tenant, role, state };
  const scope = userFilterScope(filters);
  const paging = parsePaging(USER_LIST, pagingQuery, JSON.stringify(filters));
  return listJson(db, USER_LIST, { tenantId: 0, ...scope }, paging);
}

const USER_COLUMNS: readonly { header: string; value: (row: AdminUser) => unknown }[] = [
  { header: 'E-mail', value: (u) => u.email },
  { header: 'Name', value: (u) => u.display_name },
  { header: 'Tenant', value: (u) => u.tenant_cdb_id },
  { header: 'Tenant name', value: (u) => u.tenant_name },
  { header: 'Role', value: (u) => u.role_name },
  { header: 'State', value: (u) => u.state },
  { header: 'Last sign-in', value: (u) => u.last_sign_in },
  { header: 'Second factor', value: (u) => (u.second_factor ? 'yes' : 'no') },
  { header: 'Created', value: (u) => u.created_at },
];

/** `GET /admin/users.csv`: every user the filters let through, in e-mail order. */
export function usersCsv(db: Queryable, query: AdminUsersCsvQuery): AsyncGenerator<string> {
  const scope = userFilterScope(query);
  const q = query.q?.trim() ?? '';
  async function* batches() {
    let after = '';
    for (;;) {
      const rows = await selectUsersBatch(db, scope, q, after, 1000);
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1]?.email ?? after;
      if (rows.length < 1000) return;
    }
  }
  return csvChunks(USER_COLUMNS, batches());
}

async function tenantIdOf(db: Queryable, cdbId: string): Promise<number> {
  const tenant = await findTenantByCdbId(db, cdbId);
  if (!tenant) throw badRequest(`tenant: there is no tenant ${cdbId}`, 'tenant');
  return tenant.id;
}

async function roleOf(db: Queryable, roleId: number) {
  // An id the database cannot hold is no role either (the fuzz run sent 2^53 and got a 500).
  const role = roleId <= 2_147_483_647 ? await selectRole(db, roleId) : undefined;
  if (!role) throw badRequest(`role_id: there is no role ${roleId}`, 'role_id');
  return role;
}

async function requireUser(db: Queryable, id: number): Promise<StoredUser> {
  const user = await lockUser(db, id);
  if (!user) throw notFound(`There is no user ${id}.`);
  return user;
}

async function adminUser(db: Queryable, id: number): Promise<AdminUser> {
  const user = await selectAdminUser(db, id);
  if (!user) throw notFound(`There is no user ${id}.`);
  return user;
}

/** Refuses a change that would leave no enabled built-in administrator. */
async function keepAnAdministrator(db: Queryable, user: StoredUser) {
  if (!isAdministratorRole({ name: user.role_name, builtin: user.role_builtin })) return;
  if (user.state === 'disabled') return;
  const refusal = lastAdministratorRefusal(await otherAdministrators(db, user.id));
  if (refusal) throw conflict(refusal);
}

/**
 * `POST /admin/users`: the database row and the identity account in one step. The row is written
 * in a transaction that commits only once the account exists and its password link is made; if
 * anything fails after the account was created, the account is deleted again.
 */
/**
 * The invitation link: the portal's own action page (`/auth/action`) with the identity service's
 * one-time code, whichever handler the service's link names (the emulator's, or a console-set one).
 */
export function invitationLink(resetLink: string, portalOrigin: string): string {
  const code = new URL(resetLink).searchParams.get('oobCode');
  if (!code) throw new Error('The identity service answered a password link without a code.');
  const link = new URL('/auth/action', portalOrigin);
  link.searchParams.set('mode', 'resetPassword');
  link.searchParams.set('oobCode', code);
  return link.toString();
}

export async function inviteUser(
  deps: AdminDeps,
  input: InviteUser,
  portalOrigin: string,
  inviter: Inviter,
): Promise<InvitedUser> {
  const identity = needIdentity(deps);
  const email = input.email.trim().toLowerCase();
  let createdUid: string | null = null;
  try {
    const result = await deps.db.transaction(async (tx) => {
      const tenantId = await tenantIdOf(tx, input.tenant);
      await roleOf(tx, input.role_id);
      const id = await insertInvitedUser(tx, {
        email,
        displayName: input.display_name?.trim() ?? '',
        tenantId,
        roleId: input.role_id,
      });
      if (id === null) throw conflict(`There is already a user with the e-mail ${email}.`);
      try {
        const created = await identity.createUser({
          email,
          emailVerified: false,
          ...(input.display_name?.trim() ? { displayName: input.display_name.trim() } : {}),
        });
        createdUid = created.uid;
      } catch (error) {
        if (identityErrorCode(error) === 'auth/email-already-exists')
          throw conflict(`A sign-in account with the e-mail ${email} exists already.`);
        throw error;
      }
      const link = invitationLink(await identity.generatePasswordResetLink(email), portalOrigin);
      return { user: await adminUser(tx, id), invite_link: link };
    });
    invalidatePrincipal(email);
    // Once the invitation stands: a relay that refuses leaves the administrator the link.
    const mail = await sendInvitation(deps.mailer, result.user, inviter, result.invite_link);
    return { ...result, mail };
  } catch (error) {
    if (createdUid !== null) await identity.deleteUser(createdUid);
    throw error;
  }
}

/**
 * `POST /admin/users/{id}/invitation`: a new set-password link for a user who has not signed in
 * yet, e-mailed again (and shown once to the administrator).
 */
export async function resendInvitation(
  deps: AdminDeps,
  id: number,
  portalOrigin: string,
  inviter: Inviter,
): Promise<InvitedUser> {
  const identity = needIdentity(deps);
  const user = await adminUser(deps.db, id);
  if (user.state !== 'invited')
    throw conflict(
      user.state === 'disabled'
        ? `${user.email} is disabled: enable them before inviting them again.`
        : `${user.email} has signed in already; they can reset their password from the sign-in page.`,
    );
  const link = invitationLink(await identity.generatePasswordResetLink(user.email), portalOrigin);
  const mail = await sendInvitation(deps.mailer, user, inviter, link);
  return { user, invite_link: link, mail };
}

/** `PATCH /admin/users/{id}`: another role, tenant or name. */
export async function changeUser(
  deps: AdminDeps,
  id: number,
  input: UpdateUser,
): Promise<AdminUser> {
  const result = await deps.db.transaction(async (tx) => {
    const user = await requireUser(tx, id);
    let roleId: number | undefined;
    if (input.role_id !== undefined && input.role_id !== user.role_id) {
      const role = await roleOf(tx, input.role_id);
      if (!isAdministratorRole(role)) await keepAnAdministrator(tx, user);
      roleId = role.id;
    }
    const tenantId = input.tenant === undefined ? undefined : await tenantIdOf(tx, input.tenant);
    await updateUser(tx, id, { roleId, tenantId, displayName: input.display_name?.trim() });
    return { email: user.email, user: await adminUser(tx, id) };
  });
  invalidatePrincipal(result.email);
  return result.user;
}

async function identityUid(identity: IdentityAdmin, email: string): Promise<string | null> {
  try {
    return (await identity.getUserByEmail(email)).uid;
  } catch (error) {
    if (identityErrorCode(error) === 'auth/user-not-found') return null;
    throw error;
  }
}

/**
 * Disables (every session refused: at once by this server, within the revocation window by the
 * identity service, whose refresh tokens are revoked) or enables a user.
 */
export async function setDisabled(
  deps: AdminDeps,
  id: number,
  disabled: boolean,
  caller: UserRecord,
): Promise<AdminUser> {
  const identity = needIdentity(deps);
  const result = await deps.db.transaction(async (tx) => {
    const user = await requireUser(tx, id);
    if (disabled) {
      if (user.id === caller.id) throw conflict('You cannot disable yourself.');
      await keepAnAdministrator(tx, user);
    }
    await setUserDisabled(tx, id, disabled);
    const uid = await identityUid(identity, user.email);
    if (uid) {
      await identity.updateUser(uid, { disabled });
      if (disabled) await identity.revokeRefreshTokens(uid);
    }
    return { email: user.email, user: await adminUser(tx, id) };
  });
  invalidatePrincipal(result.email);
  return result.user;
}

/** `DELETE /admin/users/{id}?confirm=<e-mail>`: the row and the account; never the last administrator. */
export async function deleteUser(
  deps: AdminDeps,
  id: number,
  confirm: string,
  caller: UserRecord,
): Promise<{ email: string }> {
  const identity = needIdentity(deps);
  const email = await deps.db.transaction(async (tx) => {
    const user = await requireUser(tx, id);
    const refusal = typedConfirmationRefusal(user.email, confirm);
    if (refusal) throw badRequest(`confirm: ${refusal}`, 'confirm');
    if (user.id === caller.id) throw conflict('You cannot delete yourself.');
    await keepAnAdministrator(tx, user);
    await deleteUserRow(tx, id);
    const uid = await identityUid(identity, user.email);
    if (uid) await identity.deleteUser(uid);
    return user.email;
  });
  invalidatePrincipal(email);
  return { email };
}

/** Removes every enrolled second factor of a user. */
export async function resetSecondFactor(deps: AdminDeps, id: number): Promise<AdminUser> {
  const identity = needIdentity(deps);
  const user = await adminUser(deps.db, id);
  const uid = await identityUid(identity, user.email);
  if (uid) await identity.updateUser(uid, { multiFactor: { enrolledFactors: null } });
  await setSecondFactor(deps.db, user.email, false);
  return adminUser(deps.db, id);
}

// ---------------------------------------------------------------------------------------------
// Tenants

/** The administrator sees every tenant; an internal user the customer tenants they may act for. */
export function tenantsFor(db: Queryable, caller: UserRecord): Promise<TenantSummary[]> {
  if (isBuiltinAdministrator(caller)) return selectTenants(db);
  const home = caller.actingFrom ?? caller.tenant;
  if ((INTERNAL_TENANT_CDB_IDS as readonly string[]).includes(home.cdb_id))
    return selectTenants(db, ACTABLE_TENANT_KINDS);
  return Promise.resolve([]);
}

/**
 * The customer tenant an internal user starts (or ends) acting for: 403 for anyone but provider
 * staff, 404 for a tenant that is not a customer's (unknown, internal or the provider's own).
 */
export async function actableTenant(
  db: Queryable,
  caller: UserRecord,
  cdbId: string,
): Promise<{ cdb_id: string; name: string }> {
  const home = caller.actingFrom ?? caller.tenant;
  if (!isInternalUser({ tenant: home, role: caller.role })) throw forbidden(NOT_INTERNAL_MESSAGE);
  const tenant = await findTenantByCdbId(db, cdbId);
  if (!tenant || !ACTABLE_TENANT_KINDS.includes(tenant.kind))
    throw notFound(`There is no customer tenant ${cdbId} to act for.`);
  return { cdb_id: tenant.cdb_id, name: tenant.name };
}

// ---------------------------------------------------------------------------------------------
// Roles

/** Levels other than read and manage mean none: the area is left out. */
const cleanPermissions = (permissions: Permissions): Permissions =>
  Object.fromEntries(
    Object.entries(permissions).filter(([, level]) => level === 'read' || level === 'manage'),
  );

export const listRoles = (db: Queryable) => selectRoles(db);

export async function roleDetail(db: Queryable, id: number): Promise<AdminRoleDetail> {
  const role = await selectRole(db, id);
  if (!role) throw notFound(`There is no role ${id}.`);
  return { role, holders: await selectRoleHolders(db, id) };
}

export async function createRole(db: Database, input: CreateRole) {
  const name = input.name.trim();
  const id = await db.transaction(async (tx) => {
    if (await roleNameTaken(tx, name))
      throw badRequest(`name: there is already a role called ${name}`, 'name');
    return insertRole(tx, name, cleanPermissions(input.permissions));
  });
  return (await roleDetail(db, id)).role;
}

export async function changeRole(db: Database, id: number, input: UpdateRole) {
  await db.transaction(async (tx) => {
    const role = await selectRole(tx, id, true);
    if (!role) throw notFound(`There is no role ${id}.`);
    const refusal = roleChangeRefusal(role);
    if (refusal) throw conflict(refusal);
    const name = input.name?.trim();
    if (name !== undefined && (await roleNameTaken(tx, name, id)))
      throw badRequest(`name: there is already a role called ${name}`, 'name');
    await updateRole(tx, id, {
      name,
      permissions: input.permissions && cleanPermissions(input.permissions),
    });
  });
  // Everyone holding it: their next request reads the new permissions.
  invalidateAllPrincipals();
  return (await roleDetail(db, id)).role;
}

export async function removeRole(db: Database, id: number): Promise<{ name: string }> {
  return db.transaction(async (tx) => {
    const role = await selectRole(tx, id, true);
    if (!role) throw notFound(`There is no role ${id}.`);
    const refusal = roleDeleteRefusal(role, await countRoleHolders(tx, id));
    if (refusal) throw conflict(refusal);
    await deleteRole(tx, id);
    return { name: role.name };
  });
}

// ---------------------------------------------------------------------------------------------
// The audit log

/** Beyond this many matching rows a page's total says "at least". */
export const LOG_COUNT_CAP = 10_000;

function logFilters(query: AuditLogCsvQuery): LogFilters {
  const users = query.users
    ?.split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  if (users && users.some((email) => !/^[^@\s]+@[^@\s]+$/.test(email)))
    throw badRequest('users: give e-mail addresses separated by commas', 'users');
  if (query.from && query.to && Date.parse(query.from) >= Date.parse(query.to))
    throw badRequest('to: must be later than from', 'to');
  return {
    users,
    tenant: query.tenant,
    area: query.area,
    action: query.action,
    result: query.result,
    from: query.from,
    to: query.to,
    q: query.q?.trim() || undefined,
  };
}

/** PostgreSQL's text of a timestamptz, the cursor's exact position. */
const CURSOR_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?[+-]\d\d(:?\d\d)?$/;

const badCursor = () => badRequest('cursor: is not a cursor this log gave out', 'cursor');

function decodeLogCursor(cursor: string): LogPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw badCursor();
  const [at, id] = parsed as unknown[];
  if (typeof at !== 'string' || !CURSOR_TIME.test(at)) throw badCursor();
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw badCursor();
  return { at, id };
}

const encodeLogCursor = (position: LogPosition) =>
  Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');

/** `GET /admin/log`: one page, newest first, with the count of matching rows (capped). */
export async function logPage(db: Queryable, query: AuditLogQuery) {
  const filters = logFilters(query);
  const after = query.cursor ? decodeLogCursor(query.cursor) : null;
  const limit = query.limit ?? LIST_DEFAULT_LIMIT;
  const [{ rows, next }, total] = await Promise.all([
    selectLogPage(db, filters, after, limit),
    countLog(db, filters, LOG_COUNT_CAP),
  ]);
  return {
    data: rows,
    page: { next_cursor: next ? encodeLogCursor(next) : null, total },
  };
}

const LOG_COLUMNS: readonly { header: string; value: (row: AuditLogEntry) => unknown }[] = [
  { header: 'Time', value: (e) => e.at },
  { header: 'User', value: (e) => e.user },
  { header: 'Tenant', value: (e) => e.tenant },
  { header: 'Acted for', value: (e) => e.acted_for },
  { header: 'Area', value: (e) => e.area },
  { header: 'Action', value: (e) => e.action },
  { header: 'Target', value: (e) => e.target_label ?? e.target },
  { header: 'Target id', value: (e) => e.target },
  { header: 'Result', value: (e) => e.result },
  { header: 'Message', value: (e) => e.message },
  { header: 'Address', value: (e) => e.address },
];

/** `GET /admin/log.csv`: exactly the filtered rows, newest first, read 2,000 at a time. */
export function logCsv(db: Queryable, query: AuditLogCsvQuery): AsyncGenerator<string> {
  const filters = logFilters(query);
  async function* batches() {
    let after: LogPosition | null = null;
    do {
      const page = await selectLogPage(db, filters, after, 2000);
      yield page.rows;
      after = page.next;
    } while (after);
  }
  return csvChunks(LOG_COLUMNS, batches());
}

/** How the log names a user or a role by id: the e-mail, the role's name. */
export { targetLabel } from './repository.ts';
