import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mdiDelete } from '@mdi/js';
import { LinkButton } from '../LinkButton/LinkButton.tsx';
import { IconButton } from './IconButton.tsx';

describe('IconButton', () => {
  it('keeps a disabled reason reachable by keyboard and screen readers', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <IconButton
        icon={mdiDelete}
        aria-label="Delete"
        title="Delete"
        disabledReason="Power it off first."
        onClick={onClick}
      />,
    );
    const button = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('title')).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(button);
    // The tooltip loads on the first focus.
    expect((await screen.findByRole('tooltip')).textContent).toBe('Power it off first.');
    const describedBy = button.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Power it off first.');
    await user.keyboard('{Escape}');
    const hiddenReason = button.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(hiddenReason)?.textContent).toBe('Power it off first.');
    await user.keyboard('{Enter} ');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('LinkButton', () => {
  it('drops its href but stays a focusable link when disabled with a reason', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <LinkButton href="/console" disabledReason="The VM is off." onClick={onClick}>
        Open console
      </LinkButton>,
    );
    const link = screen.getByRole('link', { name: 'Open console' });
    expect(link.getAttribute('href')).toBeNull();
    expect(link.getAttribute('aria-disabled')).toBe('true');
    await user.tab();
    expect(document.activeElement).toBe(link);
    // The tooltip loads on the first focus.
    expect((await screen.findByRole('tooltip')).textContent).toBe('The VM is off.');
    await user.keyboard('{Enter}');
    await user.click(link);
    expect(onClick).not.toHaveBeenCalled();
  });
});
