import { describe, expect, it } from 'vitest';
import { columnSorts } from '../src/platform/paging.ts';

describe('columnSorts', () => {
  it('sorts by the column of the sort’s name, another column, or its own SQL, in order', () => {
    const sorts = columnSorts('v', {
      name: 'text',
      size: ['size_gb', 'integer'],
      state: { sql: 'lower(v.state)', type: 'text' },
      created: ['created_at', 'timestamptz'],
    });
    expect(sorts).toEqual({
      name: { sql: 'v.name', type: 'text' },
      size: { sql: 'v.size_gb', type: 'integer' },
      state: { sql: 'lower(v.state)', type: 'text' },
      created: { sql: 'v.created_at', type: 'timestamptz' },
    });
    expect(Object.keys(sorts)).toEqual(['name', 'size', 'state', 'created']);
  });
});
