// Administration's pages (loaded on first visit): users, roles, a role, the audit log.
export { UsersPage } from './UsersPage.tsx';
export { RolesPage } from './RolesPage.tsx';
export { RoleDetailPage } from './RoleDetailPage.tsx';
export { AuditLogPage } from './AuditLogPage.tsx';
