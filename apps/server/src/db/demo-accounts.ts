// The demo's tenants, roles and accounts. Kept free of heavy imports: the build emits this file
// alone as dist/demo.mjs, which the start script reads to list the accounts.
import { ADMINISTRATOR_ROLE, permissionsOnAllAreas, type Permissions } from '@portal/api/contract';
import type { TenantKind } from './tenants.ts';

export const DEMO_PASSWORD = 'Demo-pass-2026';

export interface DemoTenant {
  cdb_id: string;
  name: string;
  kind: TenantKind;
}

export const DEMO_TENANTS: readonly DemoTenant[] = [
  { cdb_id: 'UZZ999999', name: 'Skyport Cloud (provider)', kind: 'provider' },
  { cdb_id: 'UZZ999997', name: 'Skyport Internal IT', kind: 'internal' },
  { cdb_id: 'UZZ000002', name: 'Trial Labs (proof of concept)', kind: 'poc' },
  { cdb_id: 'UZZ100001', name: 'Acme Manufacturing', kind: 'customer' },
  { cdb_id: 'UZZ100002', name: 'Globex Retail', kind: 'customer' },
];

export interface DemoRole {
  name: string;
  builtin: boolean;
  permissions: Permissions;
}

export const DEMO_ROLES: readonly DemoRole[] = [
  { name: ADMINISTRATOR_ROLE, builtin: true, permissions: permissionsOnAllAreas('manage') },
  { name: 'Operator', builtin: false, permissions: permissionsOnAllAreas('manage') },
  { name: 'Viewer', builtin: false, permissions: permissionsOnAllAreas('read') },
];

export interface DemoAccount {
  email: string;
  displayName: string;
  /** The tenant's cdb_id. */
  tenant: string;
  /** The role's name. */
  role: string;
  /** What kind of user this is, for people reading the list. */
  kind: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@portal.test',
    displayName: 'Ada Admin',
    tenant: 'UZZ999999',
    role: 'Administrator',
    kind: 'built-in administrator (provider tenant UZZ999999)',
  },
  {
    email: 'provider@portal.test',
    displayName: 'Pat Provider',
    tenant: 'UZZ999999',
    role: 'Operator',
    kind: 'super-tenant user (UZZ999999), not an administrator',
  },
  {
    email: 'internal@portal.test',
    displayName: 'Ines Internal',
    tenant: 'UZZ999997',
    role: 'Operator',
    kind: 'internal user (UZZ999997)',
  },
  {
    email: 'poc@portal.test',
    displayName: 'Paul Trial',
    tenant: 'UZZ000002',
    role: 'Operator',
    kind: 'proof-of-concept user (UZZ000002)',
  },
  {
    email: 'acme@portal.test',
    displayName: 'Alex Acme',
    tenant: 'UZZ100001',
    role: 'Operator',
    kind: 'customer operator (UZZ100001, Acme Manufacturing)',
  },
  {
    email: 'globex@portal.test',
    displayName: 'Gina Globex',
    tenant: 'UZZ100002',
    role: 'Viewer',
    kind: 'customer viewer (UZZ100002, Globex Retail)',
  },
];
