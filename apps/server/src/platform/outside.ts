// Changes made outside the portal (on the platform's own host): a site whose driver reports them
// is followed, and each batch it reports is handed to the area, which asks the platform how those
// things are now and writes it to the portal's records.
import type { FastifyBaseLogger } from 'fastify';
import type { ApiScope, AreaDrivers } from './area.ts';

/** A driver that may report, and look at, what was changed at its site outside the portal. */
export interface OutsideReporting<Batch> {
  observe?: unknown;
  watch?(changed: (batch: Batch) => void, signal: AbortSignal): void;
}

/** What the driver's `watch` reports at a time (VM ids, tenant codes). */
type BatchOf<D> = D extends OutsideReporting<infer Batch> ? Batch : never;

/** A followed site as its area's reconciliation sees it. */
export interface OutsideSite<D> {
  driver: D;
  locations: readonly string[];
  log: FastifyBaseLogger;
}

/**
 * From the moment the server is ready until it closes, follows every site whose driver reports
 * outside changes and can observe them, handing each batch to `reconcile`; a failure is logged
 * as `failure`, naming the site. With `oneAtATime`, a batch arriving while one is reconciled
 * waits for it.
 */
export function followSiteChanges<D extends OutsideReporting<BatchOf<D>>>(
  app: ApiScope,
  drivers: AreaDrivers<D>,
  options: { component: string; failure: string; oneAtATime?: boolean },
  reconcile: (site: OutsideSite<D>, batch: BatchOf<D>) => Promise<void>,
): void {
  const outside = new AbortController();
  app.addHook('onReady', async () => {
    const log = app.log.child({ component: options.component });
    for (const { site, driver } of drivers.all) {
      if (!driver.watch || !driver.observe) continue;
      const followed: OutsideSite<D> = {
        driver,
        locations: site.locations ?? [],
        log: log.child({ site: site.name }),
      };
      const warn = (error: unknown) => followed.log.warn({ err: error }, options.failure);
      let running: Promise<void> = Promise.resolve();
      driver.watch((batch) => {
        if (options.oneAtATime)
          running = running.then(() => reconcile(followed, batch)).catch(warn);
        else reconcile(followed, batch).catch(warn);
      }, outside.signal);
    }
  });
  app.addHook('onClose', async () => outside.abort());
}
