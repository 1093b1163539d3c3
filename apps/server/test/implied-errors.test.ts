import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { impliedErrors } from '../src/platform/routes.ts';

describe('impliedErrors', () => {
  const schema = Type.Object({});
  it('is 401 and 403 for a route that takes nothing', () => {
    expect(impliedErrors({})).toEqual([401, 403]);
  });
  it('adds 400 for input to validate, and 404 for an item named by the path', () => {
    expect(impliedErrors({ querystring: schema })).toEqual([400, 401, 403]);
    expect(impliedErrors({ body: schema })).toEqual([400, 401, 403]);
    expect(impliedErrors({ params: schema })).toEqual([400, 401, 403, 404]);
    expect(impliedErrors({ params: schema, body: schema })).toEqual([400, 401, 403, 404]);
  });
});
