// The real prober's part of a server instance: where it runs background work and the real
// prober is configured, its scheduler runs the due checks and brings their monitors up to date
// at once (results, state, incidents and alerts, as a read would), and the alert sender sends
// the alerts of those checks.
import { readFileSync } from 'node:fs';
import fp from 'fastify-plugin';
import type { AreaRoutes } from '../../../../platform/area.ts';
import type { MonitoringDriver } from '../../driver.ts';
import { AlertSender } from '../../alerts.ts';
import { refreshMonitors } from '../../service.ts';
import { ProbeEnv } from './probes.ts';
import { ProbeScheduler } from './scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's probe scheduler, when it runs one (tests and the benchmark read it). */
    probeScheduler?: ProbeScheduler;
  }
}

const prober: AreaRoutes<MonitoringDriver> = async (app, { drivers, platform }) => {
  const { monitoring } = platform.config;
  if (!platform.runTasks || monitoring.driver !== 'real' || drivers.all.length === 0) return;
  const env = new ProbeEnv({
    allowPrivate: monitoring.allowPrivate,
    dnsServer: monitoring.dnsServer,
    extraCa: monitoring.caFile ? readFileSync(monitoring.caFile, 'utf8') : null,
  });
  const deps = { db: platform.db, driver: drivers.primary };
  const scheduler = new ProbeScheduler(platform.db, env, app.log.child({ component: 'prober' }), {
    pollMs: monitoring.pollMs,
    msPerIntervalSecond: monitoring.msPerIntervalSecond,
    onChecked: (ids) => refreshMonitors(deps, { tenantId: null }, ids, Date.now(), { force: true }),
  });
  const alerts = new AlertSender(platform.db, app.mailer, app.log.child({ component: 'alerts' }), {
    pollMs: monitoring.pollMs,
    retryMs: monitoring.alertRetryMs,
    webhookTimeoutMs: monitoring.webhookTimeoutMs,
    allowPrivate: monitoring.allowPrivate,
  });
  app.decorate('probeScheduler', scheduler);
  app.addHook('onReady', async () => {
    scheduler.start();
    alerts.start();
  });
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await alerts.stop();
    await env.close();
  });
};

/** Unencapsulated, so that the server instance carries `probeScheduler`. */
const proberPlugin = fp(prober, { name: 'monitoring-prober' }) as AreaRoutes<MonitoringDriver>;

export default proberPlugin;
