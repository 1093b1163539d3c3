export * from './compute.ts';
export * from './backup.ts';
