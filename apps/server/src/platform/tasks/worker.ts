import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { insertAuditEntry } from '../../db/audit.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { DriverError } from '../driver.ts';
import { UNREADABLE_TASK_MESSAGE, type ApplyFacts, type TaskRegistry } from './registry.ts';
import { claimTasks, finishTask, releaseTask, renewLeases, type TaskRecord } from './store.ts';

export const INTERRUPTED_MESSAGE =
  'The operation was interrupted too often and has been abandoned. Try again.';
export const INTERNAL_TASK_MESSAGE = 'The operation failed because of an error on our side.';

export interface TaskWorkerOptions {
  /** How often to look for work when idle. */
  pollMs: number;
  /** How long a claim lasts without renewal; renewed every third of it while the task runs. */
  leaseMs: number;
  /** Tasks run at once by this worker. */
  concurrency: number;
  /** Claims of one task after which it fails instead of running again (crash loops). */
  maxAttempts?: number;
  /** This worker's name in `lease_owner`; unique per process by default. */
  owner?: string;
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** The end of a task that is not a success: a sentence for the user. */
class TaskFailure {
  constructor(
    readonly message: string,
    readonly detail?: string,
  ) {}
}

/**
 * The task engine's worker loop, one per server process. It claims runnable tasks (pending, or
 * running under an expired lease), finds each one's definition in the registry, runs it through
 * the driver under a renewed lease, and ends it: SUCCESS with the driver's facts applied to the
 * portal's tables in the same transaction, or FAILURE with a sentence. On stop it hands unfinished
 * tasks back to the queue; if the process dies instead, their leases run out and any worker takes
 * them over.
 */
export class TaskEngine {
  readonly owner: string;
  private readonly maxAttempts: number;
  private readonly running = new Map<number, Promise<void>>();
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  /** When leases were last renewed (or the worker started). */
  private renewedAt = Date.now();
  private polling: Promise<void> | undefined;
  private again = false;
  private started = false;
  private stopped = false;
  private releaseOnStop = true;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: TaskWorkerOptions,
    private readonly registry: TaskRegistry,
  ) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.maxAttempts = options.maxAttempts ?? 5;
    // Every running task's driver calls listen on this one signal (several each on LXD), so a
    // busy worker passes Node's default of 10 without leaking anything: each call removes its own.
    setMaxListeners(0, this.controller.signal);
  }

  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.renewTimer = setInterval(() => void this.renew(), Math.max(100, this.options.leaseMs / 3));
    this.wake();
  }

  /** Looks for work now rather than at the next poll (a task was just queued). */
  wake(): void {
    if (!this.started || this.stopped) return;
    if (this.polling) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.polling = this.poll().finally(() => {
      this.polling = undefined;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), this.options.pollMs);
      }
    });
  }

  /**
   * Stops claiming and aborts what runs. With `release` (the default) the tasks go back to the
   * queue at once; without, they stay claimed until their lease expires, as after a crash.
   */
  async stop({ release = true }: { release?: boolean } = {}): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.releaseOnStop = release;
    clearTimeout(this.timer);
    clearInterval(this.renewTimer);
    await this.polling;
    this.controller.abort();
    await Promise.allSettled(this.running.values());
  }

  /** Task ids this worker runs now. */
  get active(): number[] {
    return [...this.running.keys()];
  }

  private async poll(): Promise<void> {
    // After a long block of the event loop the renew timer has not run: renew before claiming,
    // so that other workers see this one's tasks as held again.
    if (Date.now() - this.renewedAt > this.options.leaseMs / 3) await this.renew();
    const free = this.options.concurrency - this.running.size;
    if (free <= 0) return;
    let tasks: TaskRecord[];
    try {
      // Never this worker's own running tasks, even when their lease ran out meanwhile.
      tasks = await claimTasks(this.db, this.owner, this.options.leaseMs, free, this.active);
    } catch (error) {
      this.log.error({ err: error }, 'could not claim tasks');
      return;
    }
    for (const task of tasks) {
      if (this.running.has(task.id)) continue;
      const run = this.execute(task).finally(() => {
        this.running.delete(task.id);
        this.wake();
      });
      this.running.set(task.id, run);
    }
  }

  private async renew(): Promise<void> {
    this.renewedAt = Date.now();
    try {
      await renewLeases(this.db, this.owner, this.active, this.options.leaseMs);
    } catch (error) {
      this.log.error({ err: error }, 'could not renew task leases');
    }
  }

  private async execute(task: TaskRecord): Promise<void> {
    const log = this.log.child({
      task: task.id,
      operation: task.operation,
      attempt: task.attempts,
    });
    if (task.attempts > this.maxAttempts) {
      log.warn('task abandoned after too many attempts');
      return this.finish(task, new TaskFailure(INTERRUPTED_MESSAGE));
    }
    const signal = this.controller.signal;
    let apply: ApplyFacts;
    try {
      if (signal.aborted) throw signal.reason;
      const definition = this.registry.find(task.payload);
      if (!definition) throw new DriverError(UNREADABLE_TASK_MESSAGE);
      apply = await definition.execute(
        {
          taskId: task.id,
          tenantId: task.tenantId,
          tenantCode: task.tenantCdbId,
          signal,
          db: this.db,
        },
        task,
      );
    } catch (error) {
      if (signal.aborted && (isAbort(error) || error === signal.reason)) {
        if (this.releaseOnStop) {
          await releaseTask(this.db, task.id, this.owner).catch((releaseError: unknown) =>
            log.error({ err: releaseError }, 'could not hand a task back'),
          );
        }
        log.info('task interrupted by shutdown');
        return;
      }
      if (error instanceof DriverError) {
        // The platform's own words stay in the log and the task's audit row.
        if (error.detail) log.warn({ detail: error.detail }, error.message);
        return this.finish(task, new TaskFailure(error.message, error.detail));
      }
      log.error({ err: error }, 'task failed unexpectedly');
      return this.finish(task, new TaskFailure(INTERNAL_TASK_MESSAGE));
    }
    return this.finish(task, apply);
  }

  /**
   * Ends the task in one transaction: the facts applied (or not, on failure), the task's state
   * and the audit row. A refusal while applying ends the task in FAILURE instead.
   */
  private async finish(task: TaskRecord, outcome: ApplyFacts | TaskFailure): Promise<void> {
    try {
      const finished = await this.db.transaction((tx) => this.end(tx, task, outcome));
      if (!finished) this.log.warn({ task: task.id }, 'task lease lost before it finished');
    } catch (error) {
      if (error instanceof DriverError && !(outcome instanceof TaskFailure))
        return this.finish(task, new TaskFailure(error.message));
      this.log.error({ err: error, task: task.id }, 'could not record the end of a task');
      if (!(outcome instanceof TaskFailure))
        return this.finish(task, new TaskFailure(INTERNAL_TASK_MESSAGE));
    }
  }

  private async end(
    tx: Queryable,
    task: TaskRecord,
    outcome: ApplyFacts | TaskFailure,
  ): Promise<boolean> {
    // Held first, so that facts are applied only by the worker that still owns the task.
    const held = await tx.query<{ id: number }>(
      `select id from tasks where id = $1 and lease_owner = $2 and state = 'RUNNING' for update`,
      [task.id, this.owner],
    );
    if (held.length === 0) return false;
    const success = !(outcome instanceof TaskFailure);
    const message = success ? await outcome(tx) : outcome.message;
    const state = success ? 'SUCCESS' : 'FAILURE';
    if (!(await finishTask(tx, task.id, this.owner, state, message))) return false;
    if (!success) await this.registry.find(task.payload)?.failed?.(tx, task, message);
    await insertAuditEntry(tx, {
      actorEmail: task.createdBy,
      actorTenant: task.tenantCdbId,
      actingTenant: task.tenantCdbId,
      action: 'task.finish',
      target: `${task.kind}:${task.targetId}`,
      targetLabel: task.targetName,
      result: success ? 'success' : 'failure',
      detail: {
        task_id: task.id,
        operation: task.operation,
        state,
        message,
        ...(outcome instanceof TaskFailure && outcome.detail ? { platform: outcome.detail } : {}),
      },
    });
    return true;
  }
}
