import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { NumberField } from './NumberField.tsx';

function description(element: HTMLElement) {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('NumberField', () => {
  it('is a labelled spinbutton with its range, unit and help', () => {
    render(
      <NumberField
        label="Disk size"
        unit="GB"
        min={10}
        max={100}
        defaultValue={20}
        help="Max 100."
      />,
    );
    const input = screen.getByRole('spinbutton', { name: 'Disk size' });
    expect(input.getAttribute('aria-valuenow')).toBe('20');
    expect(input.getAttribute('aria-valuemin')).toBe('10');
    expect(input.getAttribute('aria-valuemax')).toBe('100');
    expect(input.getAttribute('aria-valuetext')).toBe('20 GB');
    expect(description(input)).toBe('Max 100.');
    expect(screen.getByText('GB')).toBeTruthy();
  });

  it('steps with the buttons, which are named and keep focus in the input', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <NumberField
        label="Disk size"
        min={10}
        max={30}
        step={10}
        defaultValue={20}
        onValueChange={onValueChange}
      />,
    );
    const input = screen.getByRole('spinbutton');
    await user.click(screen.getByRole('button', { name: 'Increase Disk size' }));
    expect((input as HTMLInputElement).value).toBe('30');
    expect(onValueChange).toHaveBeenLastCalledWith(30);
    const plus = screen.getByRole('button', { name: 'Increase Disk size' }) as HTMLButtonElement;
    expect(plus.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Decrease Disk size' }));
    await user.click(screen.getByRole('button', { name: 'Decrease Disk size' }));
    expect((input as HTMLInputElement).value).toBe('10');
    expect(
      (screen.getByRole('button', { name: 'Decrease Disk size' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('steps with arrow keys, Page Up/Down, Home and End', async () => {
    const user = userEvent.setup();
    render(<NumberField label="vCPU" min={1} max={64} defaultValue={4} />);
    const input = screen.getByRole('spinbutton') as HTMLInputElement;
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(input.value).toBe('5');
    await user.keyboard('{PageUp}');
    expect(input.value).toBe('15');
    await user.keyboard('{ArrowDown}');
    expect(input.value).toBe('14');
    await user.keyboard('{End}');
    expect(input.value).toBe('64');
    await user.keyboard('{Home}');
    expect(input.value).toBe('1');
  });

  it('accepts typing and commits on blur', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <NumberField label="vCPU" min={1} max={64} defaultValue={4} onValueChange={onValueChange} />,
    );
    const input = screen.getByRole('spinbutton') as HTMLInputElement;
    await user.clear(input);
    await user.type(input, '12');
    expect(onValueChange).not.toHaveBeenCalled();
    await user.tab();
    expect(onValueChange).toHaveBeenLastCalledWith(12);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('clamps to the maximum and names it in an error', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <NumberField
        label="Memory"
        unit="GB"
        min={1}
        max={64}
        defaultValue={8}
        onValueChange={onValueChange}
      />,
    );
    const input = screen.getByRole('spinbutton') as HTMLInputElement;
    await user.clear(input);
    await user.type(input, '100');
    // Said while typing…
    expect(description(input)).toBe('The maximum is 64 GB.');
    await user.keyboard('{Enter}');
    // …and the value is lowered to the limit.
    expect(input.value).toBe('64');
    expect(onValueChange).toHaveBeenLastCalledWith(64);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toBe('The maximum is 64 GB.');
  });

  it('clamps to the minimum and names it', async () => {
    const user = userEvent.setup();
    render(<NumberField label="Memory" unit="GB" min={1} max={64} defaultValue={8} />);
    const input = screen.getByRole('spinbutton') as HTMLInputElement;
    await user.clear(input);
    await user.type(input, '0');
    await user.tab();
    expect(input.value).toBe('1');
    expect(description(input)).toBe('The minimum is 1 GB.');
  });

  it('rejects text that is not a number, and clears to null', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<NumberField label="Count" defaultValue={3} onValueChange={onValueChange} />);
    const input = screen.getByRole('spinbutton') as HTMLInputElement;
    await user.clear(input);
    await user.type(input, 'abc');
    await user.tab();
    expect(input.value).toBe('abc');
    expect(description(input)).toBe('Enter a number.');
    await user.clear(input);
    await user.tab();
    expect(onValueChange).toHaveBeenLastCalledWith(null);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('handles decimal steps without float noise', async () => {
    const user = userEvent.setup();
    render(<NumberField label="CPU limit" step={0.1} defaultValue={0.2} />);
    const input = screen.getByRole('spinbutton') as HTMLInputElement;
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(input.value).toBe('0.3');
  });

  it('prefers the caller’s error and is controllable', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [value, setValue] = useState<number | null>(2);
      return (
        <>
          <NumberField label="Count" value={value} onValueChange={setValue} error="Too few." />
          <output>{String(value)}</output>
        </>
      );
    }
    render(<Controlled />);
    const input = screen.getByRole('spinbutton');
    expect(description(input)).toBe('Too few.');
    await user.click(screen.getByRole('button', { name: 'Increase Count' }));
    expect(screen.getByRole('status').textContent).toBe('3');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <NumberField
        label="Disk size"
        unit="GB"
        min={10}
        max={100}
        defaultValue={20}
        error="Too big."
      />,
    );
    const { violations } = await axe.run(container, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
