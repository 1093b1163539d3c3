import { describe, expect, it } from 'vitest';
import { PARAM_RULES, safeRedirect, signInPathFor } from './patterns.ts';

describe('route parameter rules', () => {
  it('accepts numeric ids only', () => {
    expect(PARAM_RULES.numeric.test('5')).toBe(true);
    expect(PARAM_RULES.numeric.test('abc')).toBe(false);
    expect(PARAM_RULES.numeric.test('5a')).toBe(false);
  });
  it('wants three word characters and six digits for a service id', () => {
    expect(PARAM_RULES.serviceId.test('VWS123456')).toBe(true);
    expect(PARAM_RULES.serviceId.test('a_1123456')).toBe(true);
    expect(PARAM_RULES.serviceId.test('12345')).toBe(false);
    expect(PARAM_RULES.serviceId.test('VWS1234567')).toBe(false);
  });
  it('wants a uuid for a backup tenant', () => {
    expect(PARAM_RULES.uuid.test('3f2504e0-4f89-11d3-9a0c-0305e82c3301')).toBe(true);
    expect(PARAM_RULES.uuid.test('create-me')).toBe(false);
  });
});

describe('return after sign-in', () => {
  it('remembers the page asked for', () => {
    expect(signInPathFor('/compute/5', '?prevSearch=web')).toBe(
      '/auth/signin?redirect=%2Fcompute%2F5%3FprevSearch%3Dweb',
    );
  });
  it('returns only to paths on this site', () => {
    expect(safeRedirect('/compute/5')).toBe('/compute/5');
    expect(safeRedirect('//evil.example/x')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/auth/signin')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
