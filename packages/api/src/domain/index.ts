export * from './compute.ts';
export * from './crowdstrike.ts';
