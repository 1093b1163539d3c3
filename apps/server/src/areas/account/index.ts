// The account area's public surface: health and configuration, the signed-in user, and second-factor
// security (the caller's status, the tenants' policies).
export { default as systemRoutes } from './system-routes.ts';
export { default as userRoutes } from './user-routes.ts';
export { default as securityRoutes } from './security-routes.ts';
