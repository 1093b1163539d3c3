// Acting for a customer: an internal user's requests carry the customer tenant's code in the
// `x-acting-tenant` header, and the principal is resolved here, once, with that tenant in place of
// their own. Every area scopes by `principal.tenant`, so all of them follow without knowing; the
// audit log reads `actingFrom` to record both tenants.
import { ACTING_TENANT_HEADER, isInternalUser } from '@portal/api/contract';
import type { Queryable } from '../db/database.ts';
import { findTenantByCdbId } from '../db/tenants.ts';
import type { UserRecord } from '../db/users.ts';
import { forbidden } from '../errors.ts';

export const NOT_INTERNAL_MESSAGE = 'Only provider staff may act for another tenant.';
export const NOT_CUSTOMER_MESSAGE = 'You may act only for a customer tenant.';

/** The tenants an internal user may act for. */
export const ACTABLE_TENANT_KINDS: readonly string[] = ['customer', 'poc'];

/** The header's value: one tenant code, or undefined when absent or empty. */
export function actingTenantOf(headers: Record<string, string | string[] | undefined>) {
  const raw = headers[ACTING_TENANT_HEADER];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : undefined;
}

/**
 * The principal a request works as: the user themself, or (with the header) the same user in the
 * customer tenant they act for. Refuses (403) anyone but internal users, and any tenant but a
 * customer's; the header naming the user's own tenant changes nothing.
 */
export async function resolveActingPrincipal(
  db: Queryable,
  principal: UserRecord | null,
  cdbId: string | undefined,
): Promise<UserRecord | null> {
  if (cdbId === undefined || !principal || cdbId === principal.tenant.cdb_id) return principal;
  if (!isInternalUser(principal)) throw forbidden(NOT_INTERNAL_MESSAGE);
  const tenant = await findTenantByCdbId(db, cdbId);
  if (!tenant || !ACTABLE_TENANT_KINDS.includes(tenant.kind)) throw forbidden(NOT_CUSTOMER_MESSAGE);
  return { ...principal, tenant, actingFrom: principal.tenant };
}
