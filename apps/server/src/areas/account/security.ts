import {
  isBuiltinAdministrator,
  type AccountSecurity,
  type SecondFactorKind,
  type TenantSecondFactorPolicy,
} from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import type { UserRecord } from '../../db/users.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { Identity } from '../../identity.ts';

export const ADMIN_ONLY_MESSAGE = 'Only the built-in administrator may change security policies.';

const KINDS: readonly string[] = ['phone', 'totp'] satisfies SecondFactorKind[];

/** What the caller's tenant asks of them, and whether this sign-in had a second step. */
export function accountSecurity(identity: Identity, principal: UserRecord | null): AccountSecurity {
  const factor = identity.secondFactor;
  return {
    second_factor_required: principal?.tenant.requireSecondFactor ?? false,
    signed_in_with_second_factor:
      factor && KINDS.includes(factor) ? (factor as SecondFactorKind) : null,
  };
}

function requireAdministrator(principal: UserRecord | null) {
  if (!principal || !isBuiltinAdministrator(principal)) throw forbidden(ADMIN_ONLY_MESSAGE);
}

interface PolicyRow {
  cdb_id: string;
  name: string;
  require_second_factor: boolean;
}

/** Every tenant's second-factor policy, for the built-in administrator, by tenant code. */
export async function listSecondFactorPolicies(
  db: Queryable,
  principal: UserRecord | null,
): Promise<TenantSecondFactorPolicy[]> {
  requireAdministrator(principal);
  return db.query<PolicyRow>(
    'select cdb_id, name, require_second_factor from tenants order by cdb_id',
  );
}

/** Sets one tenant's policy; its users' next requests follow it (the caller drops the caches). */
export async function setSecondFactorPolicy(
  db: Queryable,
  principal: UserRecord | null,
  cdbId: string,
  required: boolean,
): Promise<TenantSecondFactorPolicy> {
  requireAdministrator(principal);
  const [row] = await db.query<PolicyRow>(
    `update tenants set require_second_factor = $2 where cdb_id = $1
     returning cdb_id, name, require_second_factor`,
    [cdbId, required],
  );
  if (!row) throw notFound(`No tenant ${cdbId}.`);
  return row;
}
