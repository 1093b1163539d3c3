// The phishing prevention area: its descriptor and its public surface.
import { defineArea } from '../../platform/area.ts';
import { seedDemoPhishing } from './demo.ts';
import type { PhishingDriver } from './driver.ts';
import { PhishingMailDriver, phishingMailPlugin } from './drivers/mail/index.ts';
import { PhishingSimulator } from './drivers/simulator/index.ts';
import phishingRoutes from './routes.ts';
import { PHISHING_TASKS, campaignTargets } from './tasks.ts';

export const phishingArea = defineArea<PhishingDriver>({
  name: 'phishing-prevention',
  permission: 'phishing-prevention',
  routes: [phishingRoutes],
  tasks: PHISHING_TASKS,
  targets: [campaignTargets],
  // Campaigns go out as real mail (PHISHING_DRIVER=mail, ADR 025), or stay simulated.
  drivers: {
    simulator: (site) => {
      const simulator = new PhishingSimulator(site.db, { speed: site.config.simulatorSpeed });
      const { phishing } = site.config;
      return phishing.driver === 'mail'
        ? new PhishingMailDriver(site.db, simulator, phishing)
        : simulator;
    },
  },
  // Tracked links (/t/…) are public; this process sends campaign mail where it runs tasks.
  publicRoutes: [
    async (app, { platform }) => app.register(phishingMailPlugin, { send: platform.runTasks }),
  ],
  seed: seedDemoPhishing,
});

export type { PhishingDriver } from './driver.ts';
