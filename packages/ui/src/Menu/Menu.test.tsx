import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { mdiDelete, mdiDotsVertical } from '@mdi/js';
import { IconButton } from '../IconButton/IconButton.tsx';
import { Menu } from './Menu.tsx';

function Example({ onSelect = vi.fn() }: { onSelect?: (item: string) => void }) {
  return (
    <Menu.Root>
      <Menu.Trigger>
        <IconButton icon={mdiDotsVertical} aria-label="Actions" />
      </Menu.Trigger>
      <Menu.Content>
        <Menu.Label>Power</Menu.Label>
        <Menu.Item disabled onSelect={() => onSelect('start')}>
          Start
        </Menu.Item>
        <Menu.Item onSelect={() => onSelect('stop')}>Stop</Menu.Item>
        <Menu.Separator />
        <Menu.Item icon={mdiDelete} tone="danger" onSelect={() => onSelect('delete')}>
          Delete
        </Menu.Item>
      </Menu.Content>
    </Menu.Root>
  );
}

describe('Menu', () => {
  it('opens from the trigger with the keyboard, skipping disabled items', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu')).toBeTruthy();
    const start = screen.getByRole('menuitem', { name: 'Start' });
    expect(start.getAttribute('aria-disabled')).toBe('true');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Stop' })),
    );
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Delete' }));
  });

  it('selects with Enter, closes and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Example onSelect={onSelect} />);
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Stop' })),
    );
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('stop');
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions' })),
    );
  });

  it('opens on click and selects on click; disabled items do nothing', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Example onSelect={onSelect} />);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Start' }));
    expect(onSelect).not.toHaveBeenCalled();
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(onSelect).toHaveBeenCalledWith('delete');
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('marks destructive items and has a separator', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getByRole('menuitem', { name: 'Delete' }).getAttribute('data-tone')).toBe(
      'danger',
    );
    expect(screen.getByRole('separator')).toBeTruthy();
  });

  it('has no axe violations when open', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    const { violations } = await axe.run(screen.getByRole('menu'), {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => v.id)).toEqual([]);
  });

  it('lists actions, keeping a refused one focusable with its reason and doing nothing', async () => {
    const user = userEvent.setup();
    const remove = vi.fn();
    const rename = vi.fn();
    render(
      <Menu.Root>
        <Menu.Trigger>
          <IconButton icon={mdiDotsVertical} aria-label="Actions" />
        </Menu.Trigger>
        <Menu.Content>
          <Menu.Actions
            actions={[
              { id: 'rename', label: 'Rename', onSelect: rename },
              {
                id: 'delete',
                label: 'Delete',
                icon: mdiDelete,
                tone: 'danger',
                disabledReason: 'A task is under way.',
                onSelect: remove,
              },
            ]}
          />
        </Menu.Content>
      </Menu.Root>,
    );
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    const refused = screen.getByRole('menuitem', { name: 'Delete' });
    expect(refused.getAttribute('aria-disabled')).toBe('true');
    expect(refused.getAttribute('data-tone')).toBe('danger');
    const reasonId = refused.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(reasonId)?.textContent).toBe('A task is under way.');
    await user.click(refused);
    expect(remove).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Rename' }));
    expect(rename).toHaveBeenCalledTimes(1);
  });
});
