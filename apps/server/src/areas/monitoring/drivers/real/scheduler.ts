// Runs the real prober's checks as they fall due, on every server instance at once. A check is
// claimed by moving its probe's next due time on by one interval in the same statement that
// finds it (`for update skip locked`): no two instances claim the same due time, and a probe
// whose instance died is due again one interval later for whoever looks next (at most once: a
// check claimed by an instance that dies before it runs is missed, never run twice). Finished
// checks are written in batches, and the monitoring area is told which probes have new checks.
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../../db/database.ts';
import { PollingWorker } from '../../../../platform/poller.ts';
import type { CheckFacts, ProbeSpec } from '../../driver.ts';
import { runProbe, type ProbeEnv } from './probes.ts';

/** Checks are kept this long after they ran (the area reads them within seconds). */
const KEEP_MS = 86_400_000;
const PRUNE_EVERY_MS = 60_000;

export interface SchedulerOptions {
  /** How often due checks are looked for (and finished ones written). */
  pollMs: number;
  /** How long one second of a probe's interval lasts (config `monitoring.msPerIntervalSecond`). */
  msPerIntervalSecond: number;
  /** Checks in flight at once on this instance at most. */
  maxInFlight?: number;
  /** This instance's name in prober_checks.checked_by. */
  instance?: string;
  /** Told which probes have new checks, once they are written. */
  onChecked(monitorIds: number[]): Promise<void>;
}

interface Claimed {
  monitor_id: string | number;
  spec: ProbeSpec;
  due_at: Date;
}

interface Finished extends CheckFacts {
  monitorId: number;
  dueAt: number;
}

export class ProbeScheduler extends PollingWorker {
  private inFlight = 0;
  private readonly waiting = new Set<Promise<void>>();
  private finished: Finished[] = [];
  private lastPrune = 0;
  readonly instance: string;
  /** How late each check started after its due time (ms), for the benchmark and tests. */
  readonly lateness: number[] = [];
  checksRun = 0;

  constructor(
    private readonly db: Database,
    private readonly env: ProbeEnv,
    private readonly log: FastifyBaseLogger,
    private readonly options: SchedulerOptions,
  ) {
    super(log, { pollMs: options.pollMs, failure: 'prober: a round failed' });
    this.instance =
      options.instance ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  }

  protected round() {
    return this.tick();
  }

  /** Stops claiming; waits for the checks in flight and writes them. */
  override async stop(): Promise<void> {
    await super.stop();
    await Promise.all([...this.waiting]);
    await this.flush().catch((error: unknown) =>
      this.log.error({ err: error }, 'prober: writing the last checks failed'),
    );
  }

  /** One round: write what finished, claim what falls due before the next round, prune. */
  async tick(): Promise<void> {
    await this.flush();
    if (this.loop.stopped) return;
    const room = (this.options.maxInFlight ?? 512) - this.inFlight;
    if (room > 0) {
      const now = Date.now();
      const claimed = await this.claim(new Date(now), new Date(now + this.options.pollMs), room);
      for (const probe of claimed) this.schedule(probe);
    }
    if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = Date.now();
      await this.db.query('delete from prober_checks where at < $1', [
        new Date(Date.now() - KEEP_MS),
      ]);
    }
  }

  private claim(now: Date, horizon: Date, limit: number): Promise<Claimed[]> {
    // A probe late by more than an interval (its instance died) is checked now, then on from now.
    return this.db.query<Claimed>(
      `update prober_probes p
          set next_at = case
                when p.next_at + p.interval_seconds * $4::float8 * interval '1 millisecond' > $1
                  then p.next_at + p.interval_seconds * $4::float8 * interval '1 millisecond'
                else $1::timestamptz + p.interval_seconds * $4::float8 * interval '1 millisecond' end
         from (select monitor_id, next_at from prober_probes
                where not paused and next_at <= $2
                order by next_at limit $3
                for update skip locked) due
        where p.monitor_id = due.monitor_id
        returning p.monitor_id, p.spec, due.next_at as due_at`,
      [now, horizon, limit, this.options.msPerIntervalSecond],
    );
  }

  private schedule(probe: Claimed): void {
    const dueAt = new Date(probe.due_at).getTime();
    this.inFlight += 1;
    const done = new Promise<void>((resolve) => {
      setTimeout(
        () => {
          const at = Date.now();
          this.lateness.push(at - dueAt);
          runProbe(probe.spec, this.env, at)
            .then((facts) => {
              this.checksRun += 1;
              this.finished.push({ ...facts, monitorId: Number(probe.monitor_id), dueAt });
            })
            .finally(() => {
              this.inFlight -= 1;
              resolve();
            });
        },
        Math.max(0, dueAt - Date.now()),
      );
    });
    this.waiting.add(done);
    void done.then(() => this.waiting.delete(done));
  }

  /** Writes the finished checks and tells the area. */
  private async flush(): Promise<void> {
    if (this.finished.length === 0) return;
    const batch = this.finished;
    this.finished = [];
    await this.db.query(
      `insert into prober_checks (monitor_id, due_at, at, ok, warning, response_ms, message, checked_by)
       select monitor_id, due_at, at, ok, warning, response_ms, message, $2
         from json_to_recordset($1::json) as x(monitor_id bigint, due_at timestamptz,
              at timestamptz, ok boolean, warning boolean, response_ms integer, message text)`,
      [
        JSON.stringify(
          batch.map((check) => ({
            monitor_id: check.monitorId,
            due_at: new Date(check.dueAt),
            at: new Date(check.at),
            ok: check.ok,
            warning: check.warning,
            response_ms: check.responseMs,
            message: check.message,
          })),
        ),
        this.instance,
      ],
    );
    await this.options.onChecked([...new Set(batch.map((check) => check.monitorId))]);
  }
}
