export * from './compute.ts';
export * from './monitoring.ts';
