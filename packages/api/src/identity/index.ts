export * from './errors.ts';
export * from './service.ts';
