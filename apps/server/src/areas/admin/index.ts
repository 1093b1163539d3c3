// The administration area: users, roles and the audit log for the built-in administrator;
// sign-in bookkeeping and log retention for every request.
import { defineArea } from '../../platform/area.ts';
import adminRoutes from './routes.ts';
import adminSessionPlugin from './session.ts';

export const adminArea = defineArea<never>({
  name: 'admin',
  // Sign-ins are recorded before role permissions are checked.
  hooks: [adminSessionPlugin],
  routes: [adminRoutes],
});

export { ADMIN_ONLY_MESSAGE } from './routes.ts';
export { seedBench } from './bench.ts';
