export * from './compute.ts';
export * from './admin.ts';
