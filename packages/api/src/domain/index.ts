export * from './compute.ts';
export * from './storage.ts';
