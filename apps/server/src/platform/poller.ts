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
