import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Sparkline, describeSparkline, sparklinePath } from './Sparkline.tsx';

describe('sparklinePath', () => {
  it('draws the lowest value at the bottom and the highest at the top', () => {
    expect(sparklinePath([0, 10], 100, 22)).toBe('M0.0 21.0L100.0 1.0');
  });

  it('breaks the line at a gap', () => {
    expect(sparklinePath([1, null, 3, 5], 30, 12)).toBe('M0.0 11.0M20.0 6.0L30.0 1.0');
  });

  it('draws a flat series in the middle and nothing without data', () => {
    expect(sparklinePath([4, 4], 10, 10)).toBe('M0.0 5.0L10.0 5.0');
    expect(sparklinePath([null], 10, 10)).toBe('');
  });
});

describe('Sparkline', () => {
  it('is an image named by its label and its figures', () => {
    render(<Sparkline values={[40, 120, 41]} label="Response time" format={(v) => `${v} ms`} />);
    expect(
      screen.getByRole('img', { name: 'Response time: min 40 ms, max 120 ms, latest 41 ms' }),
    ).toBeTruthy();
  });

  it('says when there is no data', () => {
    expect(describeSparkline([null, null])).toBe('no data');
    render(<Sparkline values={[]} label="Uptime" />);
    expect(screen.getByRole('img', { name: 'Uptime: no data' }).querySelector('line')).toBeTruthy();
  });
});
