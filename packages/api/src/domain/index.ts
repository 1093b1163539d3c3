export * from './compute.ts';
