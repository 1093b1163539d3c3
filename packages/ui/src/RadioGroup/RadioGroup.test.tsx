import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { RadioGroup, type RadioOption } from './RadioGroup.tsx';

const options: RadioOption[] = [
  { value: 's', label: 'Small', description: '2 vCPU' },
  { value: 'm', label: 'Medium' },
  { value: 'x', label: 'Huge', disabled: true },
  { value: 'l', label: 'Large' },
];

function description(element: HTMLElement) {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('RadioGroup', () => {
  it('is a fieldset radiogroup named by its legend, options described', () => {
    render(<RadioGroup label="Size" options={options} defaultValue="m" />);
    const group = screen.getByRole('radiogroup', { name: 'Size' });
    expect(group.tagName).toBe('FIELDSET');
    expect(group.querySelector('legend')?.textContent).toBe('Size');
    expect(screen.getByRole('radio', { name: 'Medium' }).getAttribute('aria-checked')).toBe('true');
    expect(description(screen.getByRole('radio', { name: 'Small' }))).toBe('2 vCPU');
  });

  it('enters at the checked option and moves with arrows, skipping disabled', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <RadioGroup label="Size" options={options} defaultValue="m" onValueChange={onValueChange} />,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Medium' }));
    // Held, as a person presses it: Radix checks the option focused while an arrow key is down.
    await user.keyboard('{ArrowDown>}');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await user.keyboard('{/ArrowDown}');
    const large = screen.getByRole('radio', { name: 'Large' });
    expect(document.activeElement).toBe(large);
    expect(large.getAttribute('aria-checked')).toBe('true');
    expect(onValueChange).toHaveBeenLastCalledWith('l');
  });

  it('chooses by clicking a label', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<RadioGroup label="Size" options={options} onValueChange={onValueChange} />);
    await user.click(screen.getByText('Small'));
    expect(onValueChange).toHaveBeenLastCalledWith('s');
  });

  it('reports a group error through the fieldset', () => {
    render(
      <RadioGroup
        label="Size"
        options={options}
        error="Choose a size."
        help="Resize later."
        required
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Size' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(group.getAttribute('aria-required')).toBe('true');
    expect(description(group)).toBe('Choose a size. Resize later.');
  });

  it('takes an orientation and disables every option', () => {
    render(<RadioGroup label="Mode" options={options} orientation="horizontal" disabled />);
    const group = screen.getByRole('radiogroup', { name: 'Mode' });
    expect(group.getAttribute('aria-orientation')).toBe('horizontal');
    for (const radio of screen.getAllByRole('radio')) {
      expect((radio as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <RadioGroup label="Size" options={options} defaultValue="s" error="Choose." help="Help." />,
    );
    const { violations } = await axe.run(container, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
