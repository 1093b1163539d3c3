import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Select, type SelectOption } from './Select.tsx';

const options: SelectOption[] = [
  { value: 'fra', label: 'Frankfurt', description: 'eu-central' },
  { value: 'par', label: 'Paris', disabled: true },
  { value: 'lon', label: 'London' },
  { value: 'sto', label: 'Stockholm' },
];

function description(element: HTMLElement) {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('Select', () => {
  it('is a labelled combobox showing the placeholder, help and required state', () => {
    render(
      <Select label="Region" options={options} placeholder="Choose" help="Pick one." required />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Region' });
    expect(trigger.textContent).toContain('Choose');
    expect(trigger.getAttribute('aria-required')).toBe('true');
    expect(trigger.getAttribute('aria-invalid')).toBeNull();
    expect(description(trigger)).toBe('Pick one.');
  });

  it('keeps a hidden label as the name, out of sight', () => {
    render(<Select label="Work in tenant" hideLabel options={options} defaultValue="fra" />);
    const trigger = screen.getByRole('combobox', { name: 'Work in tenant' });
    const label = document.querySelector(`label[for="${trigger.id}"]`) as HTMLElement;
    expect(getComputedStyle(label).position).toBe('absolute');
    expect(getComputedStyle(label).clipPath).toBe('inset(50%)');
  });

  it('marks an error invalid and describes the field with it', () => {
    render(<Select label="Region" options={options} error="Choose a region." help="Pick one." />);
    const trigger = screen.getByRole('combobox', { name: 'Region' });
    expect(trigger.getAttribute('aria-invalid')).toBe('true');
    expect(description(trigger)).toBe('Choose a region. Pick one.');
  });

  it('opens with the keyboard, skips disabled options and selects with Enter', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Select label="Region" options={options} onValueChange={onValueChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Region' });
    await user.tab();
    expect(document.activeElement).toBe(trigger);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeTruthy();
    const paris = screen.getByRole('option', { name: 'Paris' });
    expect(paris.getAttribute('aria-disabled')).toBe('true');
    expect(
      screen.getByRole('option', { name: 'Frankfurt' }).getAttribute('aria-describedby'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('option', { name: 'Frankfurt' })),
    );
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('option', { name: 'London' }));
    await user.keyboard('{Enter}');
    expect(onValueChange).toHaveBeenLastCalledWith('lon');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger.textContent).toContain('London');
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('selects by typeahead while closed', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Select label="Region" options={options} onValueChange={onValueChange} />);
    await user.tab();
    await user.keyboard('st');
    expect(onValueChange).toHaveBeenLastCalledWith('sto');
    expect(screen.getByRole('combobox').textContent).toContain('Stockholm');
  });

  it('closes on Escape without changing the value', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <Select label="Region" options={options} defaultValue="fra" onValueChange={onValueChange} />,
    );
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('is controllable and can be disabled', () => {
    function Controlled() {
      const [value, setValue] = useState('lon');
      return (
        <Select label="Region" options={options} value={value} onValueChange={setValue} disabled />
      );
    }
    render(<Controlled />);
    const trigger = screen.getByRole('combobox', { name: 'Region' }) as HTMLButtonElement;
    expect(trigger.textContent).toContain('London');
    expect(trigger.disabled).toBe(true);
  });

  it('has no axe violations, closed and open', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <Select label="Region" options={options} error="Choose a region." required />,
    );
    const rules = {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      rules: { 'color-contrast': { enabled: false } },
    };
    expect((await axe.run(container, rules)).violations.map((v) => v.id)).toEqual([]);
    await user.click(screen.getByRole('combobox'));
    expect((await axe.run(screen.getByRole('listbox'), rules)).violations.map((v) => v.id)).toEqual(
      [],
    );
  });

  it('leaves nothing focusable behind the open listbox, and gives the page back on close', async () => {
    const user = userEvent.setup();
    render(
      <main>
        <button type="button">Before</button>
        <Select label="Region" options={options} />
        <a href="#after">After</a>
      </main>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Region' });
    const page = trigger.closest('body > *');
    await user.click(trigger);
    await screen.findByRole('listbox');
    // Radix hides the page from assistive technology; it must not stay reachable by Tab.
    await waitFor(() => expect(page?.getAttribute('aria-hidden')).toBe('true'));
    expect(page?.hasAttribute('inert')).toBe(true);
    const results = await axe.run(document.body, { runOnly: ['aria-hidden-focus'] });
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`),
    ).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(page?.hasAttribute('inert')).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});
