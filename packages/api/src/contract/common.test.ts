import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { ClosedObject, PatchBody } from './common.ts';

describe('ClosedObject', () => {
  const Body = ClosedObject('Body', { name: Type.String() });

  it('is named by its $id and refuses undeclared properties', () => {
    expect(Body).toMatchObject({ $id: 'Body', additionalProperties: false });
    expect(Value.Check(Body, { name: 'web-01' })).toBe(true);
    expect(Value.Check(Body, { name: 'web-01', extra: 1 })).toBe(false);
  });

  it('is the object TypeBox writes with the same options, key for key', () => {
    expect(
      JSON.stringify(ClosedObject('Body', { name: Type.String() }, { minProperties: 1 })),
    ).toBe(
      JSON.stringify(
        Type.Object(
          { name: Type.String() },
          { $id: 'Body', additionalProperties: false, minProperties: 1 },
        ),
      ),
    );
  });
});

describe('PatchBody', () => {
  const Patch = PatchBody('Patch', { name: Type.Optional(Type.String()) });

  it('asks for at least one change', () => {
    expect(Value.Check(Patch, {})).toBe(false);
    expect(Value.Check(Patch, { name: 'web-02' })).toBe(true);
    expect(Value.Check(Patch, { other: 'x' })).toBe(false);
  });
});
