export * from './errors.ts';
export * from './service.ts';
export * from './second-factor-types.ts';
export { openStoredSession } from './stored-session.ts';
