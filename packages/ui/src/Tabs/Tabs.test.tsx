import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Tabs, type TabsRootProps } from './Tabs.tsx';

function Example(props: Omit<TabsRootProps, 'children'>) {
  return (
    <Tabs.Root {...props}>
      <Tabs.List aria-label="web-01">
        <Tabs.Trigger value="summary">Summary</Tabs.Trigger>
        <Tabs.Trigger value="disks">Disks</Tabs.Trigger>
        <Tabs.Trigger value="locked" disabled>
          Locked
        </Tabs.Trigger>
        <Tabs.Trigger value="network">Network</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="summary">Summary panel</Tabs.Content>
      <Tabs.Content value="disks">Disks panel</Tabs.Content>
      <Tabs.Content value="locked">Locked panel</Tabs.Content>
      <Tabs.Content value="network">Network panel</Tabs.Content>
    </Tabs.Root>
  );
}

describe('Tabs', () => {
  it('shows the default tab, its panel labelled by the tab', () => {
    render(<Example defaultValue="summary" />);
    expect(screen.getByRole('tablist', { name: 'web-01' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Summary' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Summary' }).textContent).toBe('Summary panel');
    expect(screen.queryByText('Disks panel')).toBeNull();
  });

  it('selects with arrow keys in automatic mode, skipping disabled tabs', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Example defaultValue="summary" onValueChange={onValueChange} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Summary' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Disks' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Network' }));
    expect(onValueChange).toHaveBeenLastCalledWith('network');
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Summary' }));
  });

  it('moves focus only in manual mode until Enter', async () => {
    const user = userEvent.setup();
    render(<Example defaultValue="summary" activationMode="manual" />);
    await user.tab();
    await user.keyboard('{ArrowRight}');
    const disks = screen.getByRole('tab', { name: 'Disks' });
    expect(document.activeElement).toBe(disks);
    expect(disks.getAttribute('aria-selected')).toBe('false');
    await user.keyboard('{Enter}');
    expect(disks.getAttribute('aria-selected')).toBe('true');
  });

  it('Tab moves from the tab list into the panel', async () => {
    const user = userEvent.setup();
    render(<Example defaultValue="summary" />);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));
  });

  it('is controllable', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [value, setValue] = useState('disks');
      return (
        <>
          <output>{value}</output>
          <Example value={value} onValueChange={setValue} />
        </>
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('tabpanel').textContent).toBe('Disks panel');
    await user.click(screen.getByRole('tab', { name: 'Network' }));
    expect(screen.getByRole('status').textContent).toBe('network');
    expect(screen.getByRole('tabpanel').textContent).toBe('Network panel');
  });

  it('has no axe violations', async () => {
    const { container } = render(<Example defaultValue="summary" />);
    const { violations } = await axe.run(container, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
