import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { Meter, meterLevel } from './Meter.tsx';

describe('meterLevel', () => {
  it.each([
    [0, 100, 'normal'],
    [79, 100, 'normal'],
    [80, 100, 'warning'],
    [99.9, 100, 'warning'],
    [100, 100, 'critical'],
    [140, 100, 'critical'],
    [0, 0, 'normal'],
    [1, 0, 'critical'],
  ] as const)('%d of %d is %s', (value, max, level) => {
    expect(meterLevel(value, max)).toBe(level);
  });

  it('follows the thresholds it is given', () => {
    expect(meterLevel(60, 100, 50, 90)).toBe('warning');
    expect(meterLevel(90, 100, 50, 90)).toBe('critical');
  });
});

describe('Meter', () => {
  it('is a meter named by its label, with the figures as its value text', () => {
    render(<Meter label="Storage used" value={312} max={500} valueText="312 GB of 500 GB" />);
    const meter = screen.getByRole('meter', { name: 'Storage used' });
    expect(meter.getAttribute('aria-valuenow')).toBe('312');
    expect(meter.getAttribute('aria-valuemax')).toBe('500');
    expect(meter.getAttribute('aria-valuetext')).toBe('312 GB of 500 GB');
    expect(screen.getByText('312 GB of 500 GB')).toBeTruthy();
  });

  it('says the level in words when it is not normal, and marks a bar over its capacity', () => {
    render(<Meter label="Seats" value={14} max={10} valueText="14 of 10 seats" />);
    const meter = screen.getByRole('meter', { name: 'Seats' });
    expect(meter.getAttribute('aria-valuetext')).toBe('14 of 10 seats (critical)');
    expect(meter.getAttribute('aria-valuenow')).toBe('10');
    expect(meter.hasAttribute('data-over')).toBe(true);
    expect((meter.firstElementChild as HTMLElement).style.width).toBe('100%');
    expect(meter.closest('[data-level]')?.getAttribute('data-level')).toBe('critical');
  });

  it('defaults its value text to a percentage', () => {
    render(<Meter label="CPU" value={1} max={3} hideLabel size="small" />);
    expect(screen.getByRole('meter', { name: 'CPU' }).getAttribute('aria-valuetext')).toBe('33 %');
  });

  it('has no axe violations', async () => {
    const { container } = render(<Meter label="Storage used" value={430} max={500} />);
    const result = await axe.run(container);
    expect(result.violations).toEqual([]);
  });
});
