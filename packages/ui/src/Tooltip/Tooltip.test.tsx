import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { mdiRefresh } from '@mdi/js';
import { IconButton } from '../IconButton/IconButton.tsx';
import { Tooltip, TooltipProvider } from './Tooltip.tsx';

describe('Tooltip', () => {
  it('opens on keyboard focus, describes its trigger, and closes on Escape', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <Tooltip content="Refresh the list" onOpenChange={onOpenChange}>
        <IconButton icon={mdiRefresh} aria-label="Refresh" />
      </Tooltip>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab();
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toBe('Refresh the list');
    const button = screen.getByRole('button', { name: 'Refresh' });
    expect(button.getAttribute('aria-describedby')).toBe(tooltip.id);
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens on hover after the delay', async () => {
    const user = userEvent.setup();
    render(
      <TooltipProvider delayDuration={150}>
        <Tooltip content="Refresh the list">
          <IconButton icon={mdiRefresh} aria-label="Refresh" />
        </Tooltip>
      </TooltipProvider>,
    );
    await user.hover(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect((await screen.findByRole('tooltip')).textContent).toBe('Refresh the list');
  });

  it('can be controlled', () => {
    render(
      <Tooltip content="Refresh the list" open>
        <IconButton icon={mdiRefresh} aria-label="Refresh" />
      </Tooltip>,
    );
    expect(screen.getByRole('tooltip')).toBeTruthy();
  });

  it('has no axe violations when open', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Refresh the list">
        <IconButton icon={mdiRefresh} aria-label="Refresh" />
      </Tooltip>,
    );
    await user.tab();
    const { violations } = await axe.run(document.body, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
