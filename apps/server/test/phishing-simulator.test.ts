import { describe, expect, it } from 'vitest';
import {
  BEHAVIOUR_WINDOW_MS,
  behaviourOf,
  sendTime,
} from '../src/areas/phishing/drivers/simulator/behaviour.ts';

const emails = Array.from({ length: 2000 }, (_, i) => `person${i}@example.test`);

describe('simulated recipient behaviour', () => {
  it('is the same for the same campaign and address, and differs between campaigns', () => {
    expect(behaviourOf(7, 'Ada@Example.test')).toEqual(behaviourOf(7, 'ada@example.test'));
    const differs = emails
      .slice(0, 50)
      .some(
        (email) => JSON.stringify(behaviourOf(7, email)) !== JSON.stringify(behaviourOf(8, email)),
      );
    expect(differs).toBe(true);
  });

  it('keeps the order of a funnel and the whole window', () => {
    for (const email of emails) {
      const b = behaviourOf(3, email);
      if (b.clicked !== null) expect(b.opened).not.toBeNull();
      if (b.submitted !== null) expect(b.submitted).toBeGreaterThan(b.clicked ?? Infinity);
      if (b.clicked !== null) expect(b.clicked).toBeGreaterThan(b.opened ?? Infinity);
      if (b.reported !== null) expect(b.reported).toBeGreaterThan(b.opened ?? Infinity);
      for (const at of Object.values(b))
        if (at !== null) expect(at).toBeLessThan(BEHAVIOUR_WINDOW_MS);
    }
  });

  it('opens, clicks and reports at plausible rates', () => {
    const all = emails.map((email) => behaviourOf(11, email));
    const rate = (pick: (b: (typeof all)[number]) => number | null) =>
      all.filter((b) => pick(b) !== null).length / all.length;
    expect(rate((b) => b.opened)).toBeCloseTo(0.65, 1);
    expect(rate((b) => b.clicked)).toBeCloseTo(0.65 * 0.45, 1);
    expect(rate((b) => b.reported)).toBeGreaterThan(0.1);
    expect(rate((b) => b.reported)).toBeLessThan(0.3);
  });
});

describe('staggered sending', () => {
  it('spreads a batch evenly until the send-by time', () => {
    expect(sendTime(1000, 2000, 0, 4)).toBe(1000);
    expect(sendTime(1000, 2000, 2, 4)).toBe(1500);
    expect(sendTime(1000, 2000, 3, 4)).toBe(1750);
  });

  it('sends at once without a send-by time, or one already past', () => {
    expect(sendTime(1000, null, 3, 4)).toBe(1000);
    expect(sendTime(1000, 900, 3, 4)).toBe(1000);
  });
});
