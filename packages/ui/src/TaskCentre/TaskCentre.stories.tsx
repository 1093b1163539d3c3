import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { TaskCentre, type TaskCentreItem } from './TaskCentre.tsx';

const base = Date.UTC(2026, 0, 15, 9, 30);
const minutes = (n: number) => base - n * 60_000;

const running: TaskCentreItem[] = [
  {
    id: 't-3',
    operation: 'Power on',
    target: 'web-frontend-01',
    targetHref: '#compute/vm-1',
    state: 'RUNNING',
    started: '09:29',
    startedAt: minutes(1),
    duration: '45 s so far',
    message: 'Waiting for the guest to boot.',
  },
  {
    id: 't-2',
    operation: 'Create snapshot',
    target: 'db-primary',
    targetHref: '#compute/vm-2',
    state: 'RUNNING',
    started: '09:27',
    startedAt: minutes(3),
    duration: '2 min 40 s so far',
  },
];

const mixed: TaskCentreItem[] = [
  ...running,
  {
    id: 't-4',
    operation: 'Restart',
    target: 'mail-relay',
    targetHref: '#compute/vm-3',
    state: 'PENDING',
    started: '09:30',
    startedAt: minutes(0),
  },
  {
    id: 't-1',
    operation: 'Delete',
    target: 'build-agent-07',
    state: 'FAILURE',
    started: '09:12',
    startedAt: minutes(18),
    duration: '12 s',
    message: 'The virtual machine has snapshots. Delete them first.',
  },
  {
    id: 't-0',
    operation: 'Resize disk',
    target: 'db-replica',
    targetHref: '#compute/vm-5',
    state: 'SUCCESS',
    started: '08:55',
    startedAt: minutes(35),
    duration: '1 min 5 s',
  },
];

const long: TaskCentreItem[] = Array.from({ length: 24 }, (_, index) => ({
  id: `l-${index}`,
  operation: ['Power off', 'Power on', 'Create snapshot', 'Restore backup'][index % 4] ?? '',
  target: `worker-${String(index + 1).padStart(2, '0')}.eu-central.internal`,
  targetHref: `#compute/worker-${index + 1}`,
  state: index === 0 ? 'RUNNING' : index % 7 === 3 ? 'FAILURE' : 'SUCCESS',
  started: `${String(9 - Math.floor(index / 6)).padStart(2, '0')}:${String(59 - ((index * 7) % 60)).padStart(2, '0')}`,
  startedAt: minutes(index * 4),
  duration: `${(index % 5) + 1} min`,
  message: index % 7 === 3 ? 'The host did not answer in time.' : undefined,
}));

const meta = {
  title: 'Components/TaskCentre',
  component: TaskCentre,
  args: { tasks: mixed, runningCount: 2, onOpenChange: fn() },
  argTypes: { tasks: { control: false } },
  // As in the app bar: at the right of a 56px bar; the panel opens under it.
  decorators: [
    (Story) => (
      <div
        style={{
          display: 'flex',
          justifyContent: 'flex-end',
          alignItems: 'center',
          height: 56,
          padding: '0 12px',
          borderBottom: '1px solid var(--ui-color-border)',
          background: 'var(--ui-color-surface)',
        }}
      >
        <Story />
      </div>
    ),
  ],
  parameters: {
    layout: 'fullscreen',
    docs: { story: { inline: false, iframeHeight: '640px' } },
  },
} satisfies Meta<typeof TaskCentre>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens from the bell; Escape closes it and focus returns to the bell. */
export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const bell = canvas.getByRole('button', { name: 'Tasks, 2 running' });
    await userEvent.click(bell);
    // The panel's code loads on the bell's first use: give a busy machine more than a second.
    const panel = await screen.findByRole('dialog', { name: 'Tasks' }, { timeout: 10_000 });
    await expect(args.onOpenChange).toHaveBeenCalledWith(true);
    const items = within(panel).getAllByRole('listitem');
    // Newest first.
    await expect(items[0]).toHaveTextContent('Restart');
    await expect(items[4]).toHaveTextContent('Resize disk');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    await waitFor(() => expect(bell).toHaveFocus(), { timeout: 5000 });
  },
};

export const Empty: Story = { args: { tasks: [], runningCount: 0, defaultOpen: true } };

export const Running: Story = { args: { tasks: running, runningCount: 2, defaultOpen: true } };

export const Mixed: Story = { args: { defaultOpen: true } };

/** A task that has not started can be taken back: Cancel calls `onCancel` with it. */
export const Cancellable: Story = {
  args: {
    tasks: mixed.map((task) => (task.state === 'PENDING' ? { ...task, cancellable: true } : task)),
    defaultOpen: true,
    onCancel: fn(),
  },
  play: async ({ args }) => {
    const body = within(document.body);
    const cancel = await body.findByRole(
      'button',
      { name: 'Cancel Restart on mail-relay' },
      { timeout: 10_000 },
    );
    await userEvent.click(cancel);
    await expect(args.onCancel).toHaveBeenCalledWith(expect.objectContaining({ id: 't-4' }));
  },
};

export const LongList: Story = { args: { tasks: long, runningCount: 1, defaultOpen: true } };

export const Loading: Story = {
  args: { tasks: [], runningCount: 0, loading: true, defaultOpen: true },
};

export const Error: Story = {
  args: {
    tasks: [],
    runningCount: 0,
    error: 'The task list could not be loaded.',
    onRetry: fn(),
    defaultOpen: true,
  },
};

export const DarkMixed: Story = { args: { defaultOpen: true }, globals: { theme: 'dark' } };
