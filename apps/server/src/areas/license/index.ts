// The licence area: its routes count seats with every area's seat counters (the platform hands
// them in). No slow operations, so no tasks or driver: a subscription's renewal setting and
// pinned seats change at once, and seats in use are counted when asked.
import { defineArea } from '../../platform/area.ts';
import { seedDemoLicense } from './demo.ts';
import licenseRoutes from './routes.ts';

export const licenseArea = defineArea<never>({
  name: 'license',
  permission: 'license',
  routes: [licenseRoutes],
  seed: (tx) => seedDemoLicense(tx),
});
