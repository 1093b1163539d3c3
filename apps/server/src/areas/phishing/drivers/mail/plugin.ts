// The mail platform's part of the HTTP server: the tracking routes (always: a link of a campaign
// the simulator runs answers the neutral page), and, when campaigns are sent for real, the sender
// on this instance (unless the instance runs no background work).
import type { FastifyPluginAsync } from 'fastify';
import { PhishingMailSender } from './sender.ts';
import phishingTrackingRoutes from './tracking.ts';

const phishingMailPlugin: FastifyPluginAsync<{ send: boolean }> = async (app, { send }) => {
  const { phishing } = app.config;
  await app.register(phishingTrackingRoutes, {
    trackingUrl: phishing.trackingUrl,
    perMinute: phishing.trackingPerMinute,
  });
  if (!send || phishing.driver !== 'mail') return;
  const sender = new PhishingMailSender(
    app.db,
    app.mailer,
    app.log.child({ component: 'phishing-mail' }),
    {
      trackingUrl: phishing.trackingUrl,
      pollMs: 1000,
    },
  );
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => sender.stop());
};

export default phishingMailPlugin;
