import type { Static, TObject } from 'typebox';
import { Value } from 'typebox/value';
import type { Queryable } from '../../db/database.ts';
import { DriverError, type OperationContext } from '../driver.ts';
import type { EngineTask } from '../area.ts';
import type { TaskKind, TaskRecord } from './store.ts';

export const UNREADABLE_TASK_MESSAGE = 'The task does not say what to do.';

/** A claimed task whose payload passed its definition's schema. */
export type RunningTask<P> = Pick<
  TaskRecord,
  'id' | 'tenantId' | 'tenantCdbId' | 'kind' | 'targetId' | 'operation' | 'createdBy'
> & { payload: P };

/** What `run` works with: the driver, and the database to read the portal's records from. */
export interface TaskContext<D> extends OperationContext {
  driver: D;
  /** For reading what the operation needs; changes belong in `apply`. */
  db: Queryable;
}

/**
 * One slow operation of an area, defined once. `run` asks the driver to do the work and returns
 * the facts the driver reported (or throws a DriverError with a sentence); `apply` writes those
 * facts to the portal's tables in the transaction that ends the task and answers the success
 * sentence. `run` may be repeated after a crash (drivers are idempotent per task id); `apply`
 * runs once, as the task's end is committed with it.
 */
export interface TaskDefinition<D, S extends TObject, F> {
  /** The area the operation belongs to (`compute`, `vwseries`, …). */
  area: string;
  /** The registry key, stored in the payload as `op`: `vm.power`, `vm.delete`, … */
  op: string;
  /** What the task works on (`vm`, `vwseries`): tasks on one target run one after another. */
  kind: TaskKind;
  /** The operation as a user names it ("Power off", "Delete"). */
  label: (payload: Static<S>) => string;
  /** The `operation` column (`powerOff`, `CreateSnapshot`, as the specification names them). */
  operation: (payload: Static<S>) => string;
  /** The payload, without `op`. Checked when read back, so a row from another version fails cleanly. */
  payload: S;
  run: (ctx: TaskContext<D>, task: RunningTask<Static<S>>) => Promise<F>;
  apply: (tx: Queryable, task: RunningTask<Static<S>>, facts: F) => Promise<string>;
  /**
   * Optional: records a failure in the portal's tables (a creation that failed marks its record
   * failed), in the transaction that ends the task in FAILURE with `message`.
   */
  failed?: (tx: Queryable, task: RunningTask<Static<S>>, message: string) => Promise<void>;
}

/** Writes a task's facts and answers its success sentence; run inside the finishing transaction. */
export type ApplyFacts = (tx: Queryable) => Promise<string>;

/** A definition with its types sealed in, as the registry and the engine hold it. */
export interface RegisteredTask<D, P = unknown> {
  readonly area: string;
  readonly op: string;
  readonly kind: TaskKind;
  /** The label for a stored payload, or null when the payload does not fit. */
  labelOf(payload: unknown): string | null;
  /** The payload to store: the definition's fields plus `op`. */
  stored(payload: P): Record<string, unknown>;
  label(payload: P): string;
  operation(payload: P): string;
  /** Checks the stored payload, runs the driver, and answers how to apply its facts. */
  execute(ctx: TaskContext<D>, task: TaskRecord): Promise<ApplyFacts>;
  /** Records the task's failure in the portal's tables, where its definition says how. */
  failed?(tx: Queryable, task: TaskRecord, message: string): Promise<void>;
}

const withoutOp = (payload: unknown): unknown => {
  if (typeof payload !== 'object' || payload === null) return payload;
  const { op: _op, ...rest } = payload as Record<string, unknown>;
  return rest;
};

export function defineTask<D, S extends TObject, F>(
  definition: TaskDefinition<D, S, F>,
): RegisteredTask<D, Static<S>> {
  const read = (payload: unknown): Static<S> | null => {
    const fields = withoutOp(payload);
    return Value.Check(definition.payload, fields) ? fields : null;
  };
  return {
    area: definition.area,
    op: definition.op,
    kind: definition.kind,
    labelOf: (payload) => {
      const fields = read(payload);
      return fields === null ? null : definition.label(fields);
    },
    stored: (payload) => ({ op: definition.op, ...payload }),
    label: (payload) => definition.label(payload),
    operation: (payload) => definition.operation(payload),
    async execute(ctx, task) {
      const payload = read(task.payload);
      if (payload === null) throw new DriverError(UNREADABLE_TASK_MESSAGE);
      const running: RunningTask<Static<S>> = { ...task, payload };
      const facts = await definition.run(ctx, running);
      return (tx) => definition.apply(tx, running, facts);
    },
    async failed(tx, task, message) {
      const payload = read(task.payload);
      if (payload === null || !definition.failed) return;
      await definition.failed(tx, { ...task, payload }, message);
    },
  };
}

/** Which record a task works on: its tenant's, by id. */
export interface TaskTargetRef {
  tenantId: number;
  targetId: number;
}

/**
 * The record a task works on, found again in `run` and locked in `apply` (`lock`): a record
 * deleted meanwhile fails the task with `goneMessage` ("The volume no longer exists.").
 */
export function taskTarget<T>(
  find: (db: Queryable, task: TaskTargetRef, lock: boolean) => Promise<T | null | undefined>,
  goneMessage: string,
): (db: Queryable, task: TaskTargetRef, lock?: boolean) => Promise<T> {
  return async (db, task, lock = false) => {
    const found = await find(db, task, lock);
    if (!found) throw new DriverError(goneMessage);
    return found;
  };
}

/** Where a task's target lives in the portal, per kind: `/compute/12`, or null once it is gone. */
export interface TargetKind {
  kind: TaskKind;
  /** The portal paths of those of the targets that still exist. */
  paths(db: Queryable, tenantId: number, ids: readonly number[]): Promise<Map<number, string>>;
  /** The location (site) the target is at, so its task runs on that site's driver. */
  location?(db: Queryable, tenantId: number, id: number): Promise<string | null>;
}

/** Every area's task definitions, found by the `op` their tasks store. */
export class TaskRegistry {
  private readonly byOp = new Map<string, EngineTask>();
  private readonly targets = new Map<TaskKind, TargetKind>();

  constructor(tasks: readonly EngineTask[] = [], targets: readonly TargetKind[] = []) {
    for (const task of tasks) this.add(task);
    for (const target of targets) this.targets.set(target.kind, target);
  }

  add(task: EngineTask): this {
    if (this.byOp.has(task.op)) throw new Error(`task ${task.op} is defined twice`);
    this.byOp.set(task.op, task);
    return this;
  }

  /** The definition a stored payload names, or undefined. */
  find(payload: unknown): EngineTask | undefined {
    if (typeof payload !== 'object' || payload === null || !('op' in payload)) return undefined;
    return typeof payload.op === 'string' ? this.byOp.get(payload.op) : undefined;
  }

  target(kind: TaskKind): TargetKind | undefined {
    return this.targets.get(kind);
  }
}

/** A definition whose driver is found for each task (the driver of its target's site). */
export function bindTask<D>(
  task: RegisteredTask<D, never>,
  driverFor: (db: Queryable, record: TaskRecord) => Promise<D>,
): EngineTask {
  const failed = task.failed;
  return {
    area: task.area,
    op: task.op,
    kind: task.kind,
    labelOf: (payload) => task.labelOf(payload),
    execute: async (ctx, record) =>
      task.execute({ ...ctx, driver: await driverFor(ctx.db, record) }, record),
    ...(failed ? { failed: (tx, record, message) => failed.call(task, tx, record, message) } : {}),
  };
}

/** A definition run with one given driver, whatever its target's site (tests). */
export const withDriver = <D>(task: RegisteredTask<D, never>, driver: D): EngineTask =>
  bindTask(task, async () => driver);

/**
 * `defineTask` for one area's driver and its area, and the kind of target where all its tasks
 * work on one: `const defineTask = taskDefiner<ComputeDriver>('compute', 'vm')`.
 */
export function taskDefiner<D>(
  area: string,
): <S extends TObject, F>(
  definition: Omit<TaskDefinition<D, S, F>, 'area'>,
) => RegisteredTask<D, Static<S>>;
export function taskDefiner<D>(
  area: string,
  kind: TaskKind,
): <S extends TObject, F>(
  definition: Omit<TaskDefinition<D, S, F>, 'area' | 'kind'>,
) => RegisteredTask<D, Static<S>>;
export function taskDefiner<D>(area: string, kind?: TaskKind) {
  return <S extends TObject, F>(
    definition: Omit<TaskDefinition<D, S, F>, 'area' | 'kind'> & { kind?: TaskKind },
  ): RegisteredTask<D, Static<S>> =>
    defineTask<D, S, F>({ ...definition, area, kind: definition.kind ?? kind ?? '' });
}
