import { describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/database.ts';
import { tenantList } from '../src/platform/paging.ts';

const list = tenantList(
  {
    name: 'things',
    from: 'things x',
    id: 'x.id',
    fields: 'x.id, x.name',
    sorts: { name: { sql: 'x.name', type: 'text' } },
    defaultSort: 'name',
    search: ['x.name'],
  },
  'x',
);

/** A database answering every query with one row of `data`, logging what happens in `steps`. */
const database = (steps: string[]) => {
  const db: Queryable = {
    query: async <T>(sql: string, params?: readonly unknown[]) => {
      steps.push(`query ${JSON.stringify(params)}`);
      expect(sql).toContain('x.tenant_id = $1');
      return [{ data: '[{"id":1,"name":"a"}]' }] as T[];
    },
    exec: async () => {},
  };
  return db;
};

describe('tenantList reply', () => {
  it("answers the tenant's rows after `prepare` has run", async () => {
    const steps: string[] = [];
    const prepare = async () => {
      steps.push('prepare');
    };
    const reply = await list.reply({ db: database(steps) }, 5, {}, prepare);
    expect(reply).toBe('{"data":[{"id":1,"name":"a"}]}');
    expect(steps).toEqual(['prepare', 'query [5]']);
  });

  it('refuses a bad sort before `prepare` or the database is asked', async () => {
    const steps: string[] = [];
    const prepare = async () => {
      steps.push('prepare');
    };
    await expect(
      list.reply({ db: database(steps) }, 5, { sort: 'colour' }, prepare),
    ).rejects.toThrow('sort: must be one of name');
    expect(steps).toEqual([]);
  });
});
