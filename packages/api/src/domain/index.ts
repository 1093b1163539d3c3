export * from './compute.ts';
export * from './networking.ts';
