// The platform's sensors check in in the background: on each server instance that runs background
// work, a loop claims the medr subscriptions whose last check-in is oldest (`claimDueCheckIns`:
// one instance takes each) and writes each round's facts. Reads answer from the portal's tables
// and never wait for these rounds; only a subscription never checked in is checked in by the
// read that first shows it.
import type { FastifyBaseLogger } from 'fastify';
import type { AreaRoutes } from '../../platform/area.ts';
import { PollingWorker } from '../../platform/poller.ts';
import type { EndpointDriver } from './driver.ts';
import { claimDueCheckIns } from './repository.ts';
import { checkIn, type CrowdstrikeDeps } from './service.ts';

export interface CheckInOptions {
  /** How often due subscriptions are looked for. */
  pollMs: number;
  /** A subscription is due once its last check-in is this old. */
  freshMs: number;
  /** Subscriptions checked in per round at most: a bound on the work a second adds to reads. */
  perRound: number;
}

/**
 * Two rounds a second: about a tenth of a second's work on the embedded database, so reads hardly
 * notice; 120 subscriptions stay within a minute of their platform, 1,000 within about eight
 * (a subscription's own pages check it in as they open).
 */
export const CHECK_INS: CheckInOptions = { pollMs: 1_000, freshMs: 60_000, perRound: 2 };

export class CheckInLoop extends PollingWorker {
  /** Rounds run by this instance (tests and the benchmark read it). */
  rounds = 0;

  constructor(
    private readonly deps: CrowdstrikeDeps,
    private readonly log: FastifyBaseLogger,
    private readonly options: CheckInOptions = CHECK_INS,
  ) {
    super(log, { pollMs: options.pollMs, failure: 'endpoint check-ins: a round failed' });
  }

  protected round() {
    return this.tick();
  }

  /** Checks in the subscriptions due now, one after another; a failed one is due again later. */
  async tick(): Promise<void> {
    const due = await claimDueCheckIns(this.deps.db, this.options.freshMs, this.options.perRound);
    for (const subscription of due) {
      if (this.loop.stopped) return;
      try {
        await checkIn(this.deps, subscription);
        this.rounds += 1;
      } catch (error) {
        this.log.warn(
          { err: error, subscription: subscription.id },
          'endpoint check-ins: a subscription did not check in',
        );
      }
    }
  }
}

/** The check-in loop of a server instance that runs background work. */
export const checkInPlugin: AreaRoutes<EndpointDriver> = async (app, { drivers, platform }) => {
  if (!platform.runTasks || drivers.all.length === 0) return;
  const loop = new CheckInLoop(
    { db: platform.db, driver: drivers.primary },
    app.log.child({ component: 'edr-check-ins' }),
  );
  app.addHook('onReady', async () => loop.start());
  app.addHook('onClose', async () => loop.stop());
};
