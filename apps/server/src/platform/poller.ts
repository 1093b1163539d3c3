import type { FastifyBaseLogger } from 'fastify';

/**
 * A background loop that does due work every `pollMs` (the prober, alert delivery, phishing
 * mail): one round at a time, the next scheduled when the last ends, a failed round logged and
 * the loop kept going. `stop` aborts `signal`, cancels the next round and waits for this one.
 */
export class Poller {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly abort = new AbortController();

  constructor(
    private readonly round: () => Promise<unknown>,
    private readonly options: { pollMs: number; log: FastifyBaseLogger; failure: string },
  ) {}

  /** Aborted when the loop stops: rounds and what they send watch it. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  start(): void {
    const tick = () => {
      this.running = this.round()
        .then(() => undefined)
        .catch((error: unknown) => this.options.log.error({ err: error }, this.options.failure))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.timer = setTimeout(tick, this.options.pollMs);
        });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

/**
 * A background worker of a server instance on a `Poller`: its `round` runs every `pollMs` once
 * started; `stop` waits for the round in progress. The prober, alert and phishing mail senders and
 * the endpoint check-ins are ones.
 */
export abstract class PollingWorker {
  protected readonly loop: Poller;

  constructor(log: FastifyBaseLogger, options: { pollMs: number; failure: string }) {
    this.loop = new Poller(() => this.round(), { ...options, log });
  }

  /** One round of the worker's due work. */
  protected abstract round(): Promise<unknown>;

  start(): void {
    this.loop.start();
  }

  /** Stops the loop and waits for the round in progress. */
  stop(): Promise<void> {
    return this.loop.stop();
  }
}
