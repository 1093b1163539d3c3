// LXD's `size` key as whole GB: what a volume made outside the portal is listed with (ADR 041).
import { describe, expect, it } from 'vitest';
import { sizeGbOf } from '../src/platform/lxd/volumes.ts';

describe('sizeGbOf', () => {
  it('counts GiB and GB alike, rounds up, at least 1', () => {
    expect(sizeGbOf('7GiB')).toBe(7);
    expect(sizeGbOf('20GB')).toBe(20);
    expect(sizeGbOf('1TiB')).toBe(1024);
    expect(sizeGbOf('512MiB')).toBe(1);
    expect(sizeGbOf('1500MB')).toBe(2);
    expect(sizeGbOf('10737418240')).toBe(11);
  });

  it('is null when unset or unreadable', () => {
    expect(sizeGbOf(undefined)).toBeNull();
    expect(sizeGbOf('')).toBeNull();
    expect(sizeGbOf('big')).toBeNull();
    expect(sizeGbOf('0GB')).toBeNull();
    expect(sizeGbOf('5XB')).toBeNull();
  });
});
