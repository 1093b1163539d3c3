import { isBuiltinAdministrator } from '@portal/api/contract';
import type { AreaManifest } from '../../kit/area.tsx';

const allow = isBuiltinAdministrator;

/** Users, roles and the audit log: only for the built-in administrator. */
export const adminArea: AreaManifest = {
  id: 'admin',
  routes: [
    {
      path: 'user',
      load: () => import('./UsersPage.tsx'),
      page: 'UsersPage',
      allow,
      firstCall: 'admin/users?limit=100',
    },
    { path: 'role', load: () => import('./RolesPage.tsx'), page: 'RolesPage', allow },
    { path: 'role/:id', load: () => import('./RoleDetailPage.tsx'), page: 'RoleDetailPage', allow },
    {
      path: 'log',
      load: () => import('./AuditLogPage.tsx'),
      page: 'AuditLogPage',
      allow,
      firstCall: 'admin/log?limit=100',
    },
  ],
};
