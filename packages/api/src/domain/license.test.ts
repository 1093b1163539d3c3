import { describe, expect, it } from 'vitest';
import {
  allocateSeats,
  currentTerm,
  expiringUnassignedNotice,
  licenseState,
  pinRefusal,
  renewalRefusal,
  type AllocatedSubscription,
  type Holder,
} from './license.ts';

const vm = (id: number): Holder => ({ kind: 'vm', id: String(id), name: `vm-${id}` });

describe('currentTerm', () => {
  const term = { term_start: '2026-01-01', term_end: '2026-12-31' };

  it('counts the days left to the last day, which is still in force', () => {
    expect(currentTerm({ ...term, auto_renew: false }, '2026-12-01')).toMatchObject({
      days_left: 30,
      state: 'expiring',
    });
    expect(currentTerm({ ...term, auto_renew: false }, '2026-11-30').state).toBe('active');
    expect(currentTerm({ ...term, auto_renew: false }, '2026-12-31')).toMatchObject({
      days_left: 0,
      state: 'expiring',
    });
  });

  it('expires the day after the term unless it renews automatically', () => {
    expect(currentTerm({ ...term, auto_renew: false }, '2027-01-01')).toMatchObject({
      term_end: '2026-12-31',
      days_left: -1,
      state: 'expired',
    });
    expect(currentTerm({ ...term, auto_renew: true }, '2027-01-01')).toEqual({
      term_start: '2027-01-01',
      term_end: '2027-12-31',
      days_left: 364,
      state: 'active',
    });
  });

  it('renews as many terms as have passed', () => {
    const short = { term_start: '2026-01-01', term_end: '2026-01-10', auto_renew: true };
    expect(currentTerm(short, '2026-01-25')).toMatchObject({
      term_start: '2026-01-21',
      term_end: '2026-01-30',
      days_left: 5,
    });
  });

  it('names the states by the days left', () => {
    expect([-1, 0, 30, 31].map(licenseState)).toEqual([
      'expired',
      'expiring',
      'expiring',
      'active',
    ]);
  });
});

describe('allocateSeats', () => {
  const long: AllocatedSubscription = { id: 1, seats: 2, term_end: '2027-06-30', state: 'active' };
  const soon: AllocatedSubscription = {
    id: 2,
    seats: 2,
    term_end: '2026-12-10',
    state: 'expiring',
  };
  const gone: AllocatedSubscription = { id: 3, seats: 5, term_end: '2026-01-01', state: 'expired' };

  it('fills the longest-running subscription first and never an expired one', () => {
    const { seats, unseated } = allocateSeats([soon, gone, long], [vm(1), vm(2), vm(3)], []);
    expect(seats.get(1)?.map((seat) => seat.id)).toEqual(['1', '2']);
    expect(seats.get(2)?.map((seat) => seat.id)).toEqual(['3']);
    expect(seats.get(3)).toEqual([]);
    expect(unseated).toEqual([]);
  });

  it('keeps a pinned holder where it was pinned, unless that subscription expired', () => {
    const pins = [
      { subscription_id: 2, kind: 'vm' as const, holder_id: '1' },
      { subscription_id: 3, kind: 'vm' as const, holder_id: '2' },
    ];
    const { seats } = allocateSeats([long, soon, gone], [vm(1), vm(2)], pins);
    expect(seats.get(2)).toEqual([{ ...vm(1), pinned: true }]);
    expect(seats.get(1)).toEqual([{ ...vm(2), pinned: false }]);
  });

  it('counts holders beyond every seat against the longest-running subscription', () => {
    const holders = [1, 2, 3, 4, 5, 6].map(vm);
    const { seats, unseated } = allocateSeats([long, soon], holders, []);
    expect(seats.get(1)?.length).toBe(4);
    expect(seats.get(2)?.length).toBe(2);
    expect(unseated).toEqual([]);
  });

  it('leaves holders unseated when no subscription is in force', () => {
    expect(allocateSeats([gone], [vm(1)], []).unseated).toEqual([vm(1)]);
    expect(allocateSeats([], [vm(1)], []).unseated).toEqual([vm(1)]);
  });
});

describe('refusals and notices', () => {
  it('refuses changes to an expired subscription', () => {
    expect(renewalRefusal('expired')).toMatch(/has expired/);
    expect(renewalRefusal('expiring')).toBeNull();
    expect(pinRefusal({ state: 'expired', seats: 3, pinned: 0 })).toMatch(/has expired/);
  });

  it('refuses a pin once every seat is pinned', () => {
    expect(pinRefusal({ state: 'active', seats: 2, pinned: 2 })).toBe(
      'All 2 seats of this subscription are already assigned to chosen machines.',
    );
    expect(pinRefusal({ state: 'active', seats: 2, pinned: 1 })).toBeNull();
  });

  it('warns about a subscription that expires within 30 days with seats unassigned', () => {
    const base = {
      product_name: 'Windows Server Datacenter',
      reference: 'LIC-100001-02',
      state: 'expiring' as const,
      days_left: 18,
      seats_contracted: 2,
      seats_available: 2,
    };
    expect(expiringUnassignedNotice(base)).toBe(
      'Windows Server Datacenter (LIC-100001-02) expires in 18 days with 2 of 2 seats unassigned.',
    );
    expect(expiringUnassignedNotice({ ...base, days_left: 0 })).toMatch(/expires today/);
    expect(expiringUnassignedNotice({ ...base, seats_available: 0 })).toBeNull();
    expect(expiringUnassignedNotice({ ...base, state: 'active' })).toBeNull();
  });
});
