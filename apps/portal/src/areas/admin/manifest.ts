import { isBuiltinAdministrator } from '@portal/api/contract';
import { pagesIn, type AreaManifest } from '../../kit/area.tsx';

const page = pagesIn(import.meta.glob('./*Page.tsx'));

const allow = isBuiltinAdministrator;

/** Users, roles and the audit log: only for the built-in administrator. */
export const adminArea: AreaManifest = {
  id: 'admin',
  routes: [
    {
      path: 'user',
      ...page('UsersPage'),
      allow,
      firstCall: 'admin/users?limit=100',
    },
    { path: 'role', ...page('RolesPage'), allow },
    { path: 'role/:id', ...page('RoleDetailPage'), allow },
    {
      path: 'log',
      ...page('AuditLogPage'),
      allow,
      firstCall: 'admin/log?limit=100',
    },
  ],
};
