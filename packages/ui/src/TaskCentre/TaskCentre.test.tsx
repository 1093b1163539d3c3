import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LinkProvider } from '../Link/Link.tsx';
import { TaskCentre, type TaskCentreItem } from './TaskCentre.tsx';

const tasks: TaskCentreItem[] = [
  {
    id: 'a',
    operation: 'Power on',
    target: 'web-01',
    state: 'SUCCESS',
    started: '09:00',
    startedAt: 1,
  },
  {
    id: 'b',
    operation: 'Create snapshot',
    target: 'db-01',
    targetHref: '/compute/db-01',
    state: 'RUNNING',
    started: '09:05',
    startedAt: 2,
    duration: '40 s',
    message: 'Copying disks.',
  },
];

describe('TaskCentre', () => {
  it('names the bell with the running count', () => {
    const { rerender } = render(<TaskCentre tasks={tasks} runningCount={2} />);
    expect(screen.getByRole('button', { name: 'Tasks, 2 running' })).toBeTruthy();
    rerender(<TaskCentre tasks={tasks} runningCount={0} />);
    expect(screen.getByRole('button', { name: 'Tasks' })).toBeTruthy();
  });

  it('lists tasks newest first; Escape closes and focus returns to the bell', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<TaskCentre tasks={tasks} runningCount={1} onOpenChange={onOpenChange} />);
    const bell = screen.getByRole('button', { name: 'Tasks, 1 running' });
    await user.click(bell);
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    // The panel loads on the bell's first use.
    const panel = await screen.findByRole('dialog', { name: 'Tasks' });
    // The panel takes focus, not its close button; Tab walks on from there.
    await waitFor(() => expect(document.activeElement).toBe(panel));
    const items = within(panel).getAllByRole('listitem');
    expect(
      items.map((item) => within(item).getByText(/Power on|Create snapshot/).textContent),
    ).toEqual(['Create snapshot', 'Power on']);
    expect(items[0]?.textContent).toContain('Running');
    expect(items[0]?.textContent).toContain('Started 09:05 · 40 s');
    expect(items[0]?.textContent).toContain('Copying disks.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(document.activeElement).toBe(bell));
  });

  it('loads the panel only when first opened; the bell toggles it', async () => {
    const user = userEvent.setup();
    render(<TaskCentre tasks={tasks} runningCount={0} />);
    const bell = screen.getByRole('button', { name: 'Tasks' });
    expect(bell.getAttribute('aria-haspopup')).toBe('dialog');
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Tasks' });
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    expect(bell.getAttribute('aria-controls')).toBe(panel.id);
    // A click on the bell is not a click outside: it closes the panel, and does not reopen it.
    await user.click(bell);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(bell);
    expect(await screen.findByRole('dialog', { name: 'Tasks' })).toBeTruthy();
    // A click elsewhere closes it.
    await user.click(document.body);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("links a task's target through the LinkProvider and closes on it", async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    render(
      <LinkProvider navigate={navigate}>
        <TaskCentre tasks={tasks} runningCount={1} defaultOpen />
      </LinkProvider>,
    );
    await user.click(await screen.findByRole('link', { name: 'db-01' }));
    expect(screen.queryByRole('link', { name: 'web-01' })).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/compute/db-01');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows empty, loading and error states', async () => {
    const { rerender } = render(<TaskCentre tasks={[]} runningCount={0} defaultOpen />);
    expect(await screen.findByText(/No tasks yet/)).toBeTruthy();
    rerender(<TaskCentre tasks={[]} runningCount={0} loading defaultOpen />);
    expect(screen.getByRole('status').textContent).toContain('Loading tasks');
    rerender(<TaskCentre tasks={[]} runningCount={0} error="Could not load." defaultOpen />);
    expect(screen.getByRole('alert').textContent).toBe('Could not load.');
  });
});
