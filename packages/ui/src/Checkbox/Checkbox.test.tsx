import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Checkbox } from './Checkbox.tsx';

function description(element: HTMLElement) {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('Checkbox', () => {
  it('is a labelled checkbox toggled by clicking the label and by Space', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(<Checkbox label="Start now" onCheckedChange={onCheckedChange} />);
    const box = screen.getByRole('checkbox', { name: 'Start now' });
    expect(box.getAttribute('aria-checked')).toBe('false');
    await user.click(screen.getByText('Start now'));
    expect(box.getAttribute('aria-checked')).toBe('true');
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
    expect(document.activeElement).toBe(box);
    await user.keyboard(' ');
    expect(box.getAttribute('aria-checked')).toBe('false');
  });

  it('shows indeterminate as mixed and checks on click', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(
      <Checkbox label="All" defaultChecked="indeterminate" onCheckedChange={onCheckedChange} />,
    );
    const box = screen.getByRole('checkbox', { name: 'All' });
    expect(box.getAttribute('aria-checked')).toBe('mixed');
    await user.click(box);
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
  });

  it('wires help, error and required', () => {
    render(<Checkbox label="Terms" help="Read them first." error="Accept the terms." required />);
    const box = screen.getByRole('checkbox', { name: 'Terms' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-required')).toBe('true');
    expect(description(box)).toBe('Accept the terms. Read them first.');
  });

  it('does not toggle when disabled, and respects control', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(
      <>
        <Checkbox label="Off" disabled onCheckedChange={onCheckedChange} />
        <Checkbox label="Held" checked={false} onCheckedChange={onCheckedChange} />
      </>,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Off' }));
    expect(onCheckedChange).not.toHaveBeenCalled();
    const held = screen.getByRole('checkbox', { name: 'Held' });
    await user.click(held);
    expect(onCheckedChange).toHaveBeenCalledWith(true);
    expect(held.getAttribute('aria-checked')).toBe('false');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <>
        <Checkbox label="One" help="Help." />
        <Checkbox label="Two" defaultChecked="indeterminate" error="Wrong." />
      </>,
    );
    const { violations } = await axe.run(container, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
