import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Stepper } from './Stepper.tsx';

const steps = [{ label: 'Image' }, { label: 'Size' }, { label: 'Network' }, { label: 'Review' }];

describe('Stepper', () => {
  it('is a labelled navigation list with the current step marked', () => {
    render(<Stepper steps={steps} current={1} />);
    expect(screen.getByRole('navigation', { name: 'Progress' })).toBeTruthy();
    const items = screen.getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-state'))).toEqual([
      'complete',
      'current',
      'upcoming',
      'upcoming',
    ]);
    expect(items[1]?.getAttribute('aria-current')).toBe('step');
    expect(items.filter((i) => i.hasAttribute('aria-current'))).toHaveLength(1);
    expect(items[0]?.textContent).toContain('Image, completed');
  });

  it('makes only completed steps clickable, by mouse and keyboard', async () => {
    const user = userEvent.setup();
    const onStepClick = vi.fn();
    render(<Stepper steps={steps} current={2} onStepClick={onStepClick} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Image, completed', 'Size, completed']);
    await user.click(buttons[0] as HTMLElement);
    expect(onStepClick).toHaveBeenLastCalledWith(0);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onStepClick).toHaveBeenLastCalledWith(1);
  });

  it('shows a step in error and says so', () => {
    render(
      <Stepper
        steps={[{ label: 'Image' }, { label: 'Size', state: 'error' }, { label: 'Review' }]}
        current={2}
        onStepClick={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: /^Size\s?, has errors$/ })).toBeTruthy();
  });

  it('has no buttons without onStepClick, and takes an orientation', () => {
    render(<Stepper steps={steps} current={3} orientation="vertical" />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('list').getAttribute('data-orientation')).toBe('vertical');
  });

  it('has no axe violations', async () => {
    const { container } = render(<Stepper steps={steps} current={2} onStepClick={vi.fn()} />);
    const { violations } = await axe.run(container, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
