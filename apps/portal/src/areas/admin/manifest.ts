import { mdiAccountGroup, mdiShieldAccount, mdiTextBoxSearch } from '@mdi/js';
import { isBuiltinAdministrator } from '@portal/api/contract';
import type { AreaManifest } from '../../kit/area.tsx';

const load = () => import('./index.ts');
const allow = isBuiltinAdministrator;

/** Users, roles and the audit log: only for the built-in administrator. */
export const adminArea: AreaManifest = {
  id: 'admin',
  title: 'Administration',
  icon: mdiShieldAccount,
  routes: [
    { path: 'user', load, page: 'UsersPage', allow },
    { path: 'role', load, page: 'RolesPage', allow },
    { path: 'role/:id', load, page: 'RoleDetailPage', allow },
    { path: 'log', load, page: 'AuditLogPage', allow },
  ],
  nav: [
    {
      id: 'user',
      label: 'Users',
      icon: mdiAccountGroup,
      href: '/user',
      section: 'Administration',
      order: 110,
      adminOnly: true,
    },
    {
      id: 'role',
      label: 'Roles',
      icon: mdiShieldAccount,
      href: '/role',
      section: 'Administration',
      order: 120,
      adminOnly: true,
    },
    {
      id: 'log',
      label: 'Audit log',
      icon: mdiTextBoxSearch,
      href: '/log',
      section: 'Administration',
      order: 130,
      adminOnly: true,
    },
  ],
};
