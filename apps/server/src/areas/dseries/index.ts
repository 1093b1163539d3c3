// The dseries area's public surface: a listing of dedicated servers (no slow operations yet, so
// no tasks or driver; they come here, as in compute, when it gets some).
export { default as dseriesRoutes } from './routes.ts';
export { insertDemoDseries, insertDseries } from './repository.ts';
