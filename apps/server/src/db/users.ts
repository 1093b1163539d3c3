import type { Permissions } from '@portal/api/contract';
import type { Queryable } from './database.ts';
import type { TenantKind } from './tenants.ts';

/** A portal user with their tenant and role, as the server knows them. */
export interface UserRecord {
  id: number;
  email: string;
  displayName: string;
  createdAt: Date;
  tenant: {
    id: number;
    cdb_id: string;
    name: string;
    kind: TenantKind;
    /** Every user of the tenant must sign in with a second factor. */
    requireSecondFactor: boolean;
  };
  role: { id: number; name: string; builtin: boolean; permissions: Permissions };
  /** invited, active or disabled (a disabled user's requests are refused). */
  state?: 'invited' | 'active' | 'disabled';
  /** When the user last signed in, as far as this server saw. */
  lastSignInAt?: Date | null;
  /**
   * The user's own tenant while an internal user acts for the customer tenant in `tenant`
   * (plugins/acting-tenant.ts); absent otherwise.
   */
  actingFrom?: { id: number; cdb_id: string; name: string; kind: TenantKind };
}

interface UserRow {
  id: number;
  email: string;
  display_name: string;
  created_at: Date;
  tenant_id: number;
  tenant_cdb_id: string;
  tenant_name: string;
  tenant_kind: TenantKind;
  tenant_require_second_factor: boolean;
  role_id: number;
  role_name: string;
  role_builtin: boolean;
  role_permissions: Permissions;
  state: 'invited' | 'active' | 'disabled';
  last_sign_in_at: Date | null;
}

const SELECT_USER = `
  select u.id, u.email, u.display_name, u.created_at, u.state, u.last_sign_in_at,
         t.id as tenant_id, t.cdb_id as tenant_cdb_id, t.name as tenant_name, t.kind as tenant_kind,
         t.require_second_factor as tenant_require_second_factor,
         r.id as role_id, r.name as role_name, r.builtin as role_builtin,
         r.permissions as role_permissions
    from users u
    join tenants t on t.id = u.tenant_id
    join roles r on r.id = u.role_id`;

const toUser = (row: UserRow): UserRecord => ({
  id: row.id,
  email: row.email,
  displayName: row.display_name,
  createdAt: row.created_at,
  tenant: {
    id: row.tenant_id,
    cdb_id: row.tenant_cdb_id,
    name: row.tenant_name,
    kind: row.tenant_kind,
    requireSecondFactor: row.tenant_require_second_factor,
  },
  role: {
    id: row.role_id,
    name: row.role_name,
    builtin: row.role_builtin,
    permissions: row.role_permissions,
  },
  state: row.state,
  lastSignInAt: row.last_sign_in_at,
});

/**
 * The user with this e-mail, in any tenant, ignoring case. Not tenant-scoped on purpose: it
 * resolves who a signed-in identity is (and serves the built-in administrator).
 */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | null> {
  const rows = await db.query<UserRow>(`${SELECT_USER} where u.email = lower($1)`, [email]);
  const row = rows[0];
  return row ? toUser(row) : null;
}
