// The account area: health and configuration, the signed-in user, and second-factor security
// (the caller's status, the tenants' policies).
import { defineArea } from '../../platform/area.ts';
import securityRoutes from './security-routes.ts';
import systemRoutes from './system-routes.ts';
import userRoutes from './user-routes.ts';

export const accountArea = defineArea<never>({
  name: 'account',
  routes: [systemRoutes, userRoutes, securityRoutes],
});
