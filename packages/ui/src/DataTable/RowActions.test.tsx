import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mdiPlay, mdiDelete } from '@mdi/js';
import { RowActions } from './RowActions.tsx';

// Each test file has its own module registry: here the menu is not loaded until the first press.
describe('RowActions before its menu has loaded', () => {
  it('opens on the first Enter with focus on the first item, and on later presses', async () => {
    const user = userEvent.setup();
    const start = vi.fn();
    render(
      <RowActions
        label="web-01"
        actions={[
          { id: 'start', label: 'Start', icon: mdiPlay, onSelect: start },
          { id: 'delete', label: 'Delete', icon: mdiDelete, tone: 'danger', onSelect: vi.fn() },
        ]}
      />,
    );
    const kebab = screen.getByRole('button', { name: 'Actions for web-01' });
    expect(kebab.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menu')).toBeNull();
    await user.tab();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Actions for web-01' });
    const first = screen.getByRole('menuitem', { name: 'Start' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(menu.contains(first)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    const trigger = screen.getByRole('button', { name: 'Actions for web-01' });
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Start' }));
    expect(start).toHaveBeenCalledOnce();
  });
});
