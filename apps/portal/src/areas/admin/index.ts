import { notAvailable } from '../../kit/NotAvailable.tsx';

export const UsersPage = notAvailable({ title: 'Users' });
export const RolesPage = notAvailable({ title: 'Roles' });
export const RoleDetailPage = notAvailable({ title: 'Role' });
export const AuditLogPage = notAvailable({ title: 'Audit log' });
