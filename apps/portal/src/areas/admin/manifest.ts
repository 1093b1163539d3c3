import { isBuiltinAdministrator } from '@portal/api/contract';
import type { AreaManifest } from '../../kit/area.tsx';

const load = () => import('./index.ts');
const allow = isBuiltinAdministrator;

/** Users, roles and the audit log: only for the built-in administrator. */
export const adminArea: AreaManifest = {
  id: 'admin',
  routes: [
    { path: 'user', load, page: 'UsersPage', allow, firstCall: 'admin/users?limit=100' },
    { path: 'role', load, page: 'RolesPage', allow },
    { path: 'role/:id', load, page: 'RoleDetailPage', allow },
    { path: 'log', load, page: 'AuditLogPage', allow, firstCall: 'admin/log?limit=100' },
  ],
};
