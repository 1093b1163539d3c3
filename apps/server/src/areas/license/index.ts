// The licence area's public surface: its routes (given every area's seat counters at
// composition) and its demo data. No slow operations, so no tasks or driver: a subscription's
// renewal setting and pinned seats change at once, and seats in use are counted when asked.
export { default as licenseRoutes, type LicenseRoutesOptions } from './routes.ts';
export { seedDemoLicense } from './demo.ts';
