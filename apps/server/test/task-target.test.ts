import { describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/database.ts';
import { DriverError } from '../src/platform/driver.ts';
import { taskTarget } from '../src/platform/tasks/registry.ts';

const db = {} as Queryable;
const task = { tenantId: 3, targetId: 42 };

describe('taskTarget', () => {
  it('answers the record, asking for it with the task and the lock', async () => {
    const asked: unknown[] = [];
    const volumeOf = taskTarget(async (_db, ref, lock) => {
      asked.push({ ...ref, lock });
      return { id: ref.targetId };
    }, 'The volume no longer exists.');
    await expect(volumeOf(db, task)).resolves.toEqual({ id: 42 });
    await expect(volumeOf(db, task, true)).resolves.toEqual({ id: 42 });
    expect(asked).toEqual([
      { tenantId: 3, targetId: 42, lock: false },
      { tenantId: 3, targetId: 42, lock: true },
    ]);
  });

  it('fails the task with its sentence when the record is gone', async () => {
    const volumeOf = taskTarget(async () => null, 'The volume no longer exists.');
    const failure = volumeOf(db, task);
    await expect(failure).rejects.toBeInstanceOf(DriverError);
    await expect(failure).rejects.toThrow('The volume no longer exists.');
  });
});
