// The phishing prevention area's public surface.
export { default as phishingRoutes } from './routes.ts';
export { PHISHING_TASKS, campaignTargets } from './tasks.ts';
export type { PhishingDriver } from './driver.ts';
export { PhishingSimulator } from './drivers/simulator/index.ts';
export {
  PhishingMailDriver,
  phishingMailPlugin,
  type MailPhishingOptions,
} from './drivers/mail/index.ts';
export { seedDemoPhishing } from './demo.ts';
