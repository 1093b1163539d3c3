// The administration area's public surface: users, roles and the audit log for the built-in
// administrator; sign-in bookkeeping and log retention for every request.
export { default as adminRoutes, ADMIN_ONLY_MESSAGE } from './routes.ts';
export { default as adminSessionPlugin } from './session.ts';
export type { IdentityAdmin } from './identity-admin.ts';
export { seedBench } from './bench.ts';
