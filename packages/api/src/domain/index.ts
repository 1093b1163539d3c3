export * from './compute.ts';
export * from './storage.ts';
export * from './license.ts';
export * from './crowdstrike.ts';
export * from './phishing.ts';
export * from './monitoring.ts';
export * from './backup.ts';
export * from './networking.ts';
