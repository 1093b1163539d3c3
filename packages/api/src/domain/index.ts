export * from './compute.ts';
export * from './phishing.ts';
