import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Switch } from './Switch.tsx';

describe('Switch', () => {
  it('is a labelled switch toggled by click, label, Space and Enter', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(<Switch label="Automatic backups" onCheckedChange={onCheckedChange} />);
    const toggle = screen.getByRole('switch', { name: 'Automatic backups' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByText('Automatic backups'));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(onCheckedChange.mock.calls.map(([v]) => v)).toEqual([true, false, true, false]);
  });

  it('describes itself with help and error', () => {
    render(<Switch label="Backups" help="Nightly." error="Failed." />);
    const toggle = screen.getByRole('switch', { name: 'Backups' });
    expect(toggle.getAttribute('aria-invalid')).toBe('true');
    const ids = (toggle.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Failed.',
      'Nightly.',
    ]);
  });

  it('does nothing when disabled', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(<Switch label="Backups" disabled onCheckedChange={onCheckedChange} />);
    await user.click(screen.getByRole('switch'));
    expect(onCheckedChange).not.toHaveBeenCalled();
  });

  it('has no axe violations', async () => {
    const { container } = render(<Switch label="Backups" defaultChecked help="Nightly." />);
    const { violations } = await axe.run(container, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
