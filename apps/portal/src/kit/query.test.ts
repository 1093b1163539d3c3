import { describe, expect, it } from 'vitest';
import { areaKeys } from './query.ts';

describe('areaKeys', () => {
  it("keeps an area's list under the area, so invalidating the area reads the list again", () => {
    const keys = areaKeys('storage');
    expect(keys.all).toEqual(['storage']);
    expect(keys.list()).toEqual(['storage', 'list']);
    expect(keys.list().slice(0, keys.all.length)).toEqual(keys.all);
  });
});
