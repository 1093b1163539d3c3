// The typed client: the generic verbs (core.ts) and one module of typed calls per area.
export { ApiError, errorText, NO_RESPONSE, toApiError } from './errors.ts';
export * from './core.ts';
export * from './list.ts';
export * from './compute.ts';
export * from './vwseries.ts';
export * from './dseries.ts';
export * from './storage.ts';
export * from './license.ts';
export * from './tasks.ts';
export * from './crowdstrike.ts';
export * from './phishing.ts';
export * from './monitoring.ts';
export * from './backup.ts';
export * from './networking.ts';
export * from './admin.ts';
export * from './account.ts';
