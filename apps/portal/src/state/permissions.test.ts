import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { permissionsOnAllAreas, type CurrentUser } from '@portal/api/contract';
import { session } from '../services.ts';
import { canFor, useCan, useCanState, useManageReason } from './permissions.ts';

const user = (role: CurrentUser['role']): CurrentUser => ({
  email: 'someone@portal.test',
  tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
  role,
});
const VIEWER = user({ name: 'Viewer', builtin: false, permissions: permissionsOnAllAreas('read') });
const OPERATOR = user({
  name: 'Operator',
  builtin: false,
  permissions: permissionsOnAllAreas('manage'),
});

afterEach(() => {
  session.user = null;
});

describe('canFor', () => {
  it('is unknown until the user is known', () => {
    expect(canFor(null, 'compute', 'read')).toBe('unknown');
    expect(canFor(undefined, 'compute', 'manage')).toBe('unknown');
  });

  it('lets a reader read but not manage', () => {
    expect(canFor(VIEWER, 'compute', 'read')).toBe('allowed');
    expect(canFor(VIEWER, 'compute', 'manage')).toBe('denied');
  });

  it('lets manage imply read', () => {
    expect(canFor(OPERATOR, 'vwseries', 'read')).toBe('allowed');
    expect(canFor(OPERATOR, 'vwseries', 'manage')).toBe('allowed');
  });

  it('denies an area the role was not given', () => {
    const partial = user({ name: 'R', builtin: false, permissions: { backup: 'manage' } });
    expect(canFor(partial, 'compute', 'read')).toBe('denied');
  });

  it('lets the built-in administrator do everything, and no look-alike', () => {
    const admin = user({ name: 'Administrator', builtin: true, permissions: {} });
    const fake = user({ name: 'Administrator', builtin: false, permissions: {} });
    expect(canFor(admin, 'compute', 'manage')).toBe('allowed');
    expect(canFor(fake, 'compute', 'manage')).toBe('denied');
  });
});

describe('useCan', () => {
  it('is false while unknown, then follows the session user', async () => {
    const { result } = renderHook(() => ({
      can: useCan('compute', 'manage'),
      state: useCanState('compute', 'manage'),
      reason: useManageReason({
        area: 'compute',
        readOnly: 'Your role can view virtual machines but not change them.',
      }),
    }));
    expect(result.current).toEqual({ can: false, state: 'unknown', reason: undefined });

    await act(async () => {
      session.user = VIEWER;
    });
    expect(result.current).toEqual({
      can: false,
      state: 'denied',
      reason: 'Your role can view virtual machines but not change them.',
    });

    await act(async () => {
      session.user = OPERATOR;
    });
    expect(result.current).toEqual({ can: true, state: 'allowed', reason: undefined });
  });
});
