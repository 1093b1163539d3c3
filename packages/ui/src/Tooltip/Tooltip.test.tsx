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
    const button = screen.getByRole('button', { name: 'Refresh' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    // The first focus loads the tooltip (Radix); the same button keeps the focus.
    await user.tab();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Refresh the list');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBe(button);
    expect(document.activeElement).toBe(button);
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

  it('can be controlled', async () => {
    render(
      <Tooltip content="Refresh the list" open>
        <IconButton icon={mdiRefresh} aria-label="Refresh" />
      </Tooltip>,
    );
    expect(await screen.findByRole('tooltip')).toBeTruthy();
  });

  it('keeps the trigger and its own props and ref, and does not open on a press', async () => {
    const user = userEvent.setup();
    const onFocus = vi.fn();
    const ref = { current: null as HTMLButtonElement | null };
    render(
      <Tooltip content="Refresh the list" delayDuration={0}>
        <IconButton icon={mdiRefresh} aria-label="Refresh" onFocus={onFocus} ref={ref} />
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Refresh' });
    expect(ref.current).toBe(button);
    await user.pointer({ keys: '[MouseLeft]', target: button });
    expect(onFocus).toHaveBeenCalledOnce();
    await user.pointer({ target: document.body });
    await user.hover(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Refresh the list');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBe(button);
    expect(ref.current).toBe(button);
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
