// The account area's public surface: health and configuration, and the signed-in user.
export { default as systemRoutes } from './system-routes.ts';
export { default as userRoutes } from './user-routes.ts';
