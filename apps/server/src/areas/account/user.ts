import {
  effectivePermissions,
  isBuiltinAdministrator,
  type CurrentUser,
} from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import { findUserByEmail, type UserRecord } from '../../db/users.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { Identity } from '../../identity.ts';

const toCurrentUser = (user: UserRecord): CurrentUser => ({
  email: user.email,
  tenant: { cdb_id: user.tenant.cdb_id, name: user.tenant.name },
  role: {
    name: user.role.name,
    builtin: user.role.builtin,
    permissions: effectivePermissions(user.role),
  },
  ...(user.actingFrom
    ? { home_tenant: { cdb_id: user.actingFrom.cdb_id, name: user.actingFrom.name } }
    : {}),
});

/**
 * A user's record by e-mail (any case). Everyone may read their own; only the built-in
 * administrator may read anybody else's. Others are refused before the look-up, so that a
 * refusal says nothing about whether the user exists.
 */
export async function readUserRecord(
  db: Queryable,
  caller: { identity: Identity; principal: UserRecord | null },
  email: string,
): Promise<CurrentUser> {
  const wanted = email.toLowerCase();
  const own = caller.identity.email === wanted;
  if (!own && !(caller.principal && isBuiltinAdministrator(caller.principal))) {
    throw forbidden('You may only read your own user record.');
  }
  const user = own ? caller.principal : await findUserByEmail(db, wanted);
  if (!user) throw notFound(`No user with e-mail ${email}.`);
  return toCurrentUser(user);
}
