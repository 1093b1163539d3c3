export * from './compute.ts';
export * from './license.ts';
