export * from './constants.ts';
export * from './common.ts';
export * from './config.ts';
export * from './user.ts';
export * from './permissions.ts';
export * from './access.ts';
export * from './compute.ts';
export * from './compute-values.ts';
