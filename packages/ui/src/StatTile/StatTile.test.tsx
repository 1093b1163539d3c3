import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { StatGrid, StatTile } from './StatTile.tsx';

describe('StatTile', () => {
  it('is a group named by its label that holds the figure and its hint', () => {
    render(<StatTile label="Open detections" value="12" hint="3 critical" tone="critical" />);
    const tile = screen.getByRole('group', { name: 'Open detections' });
    expect(tile.textContent).toBe('Open detections123 critical');
    expect(tile.getAttribute('data-tone')).toBe('critical');
  });

  it('lays tiles out in a grid with no axe violations', async () => {
    const { container } = render(
      <StatGrid min={120}>
        <StatTile label="Hosts" value="148" />
        <StatTile label="Availability" value="99.9 %" tone="good" />
      </StatGrid>,
    );
    expect(screen.getAllByRole('group')).toHaveLength(2);
    expect((container.firstElementChild as HTMLElement).style.getPropertyValue('--_min')).toBe(
      '120px',
    );
    const result = await axe.run(container);
    expect(result.violations).toEqual([]);
  });
});
