import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { useReducer, useState } from 'react';
import { Button } from '../Button/Button.tsx';
import type { FeedbackKind } from '../theme/theme.ts';
import { Snackbar } from './Snackbar.tsx';
import { createSnackbarQueue } from './snackbarQueue.ts';

const meta = {
  title: 'Components/Snackbar',
  component: Snackbar,
  args: { open: true, message: 'The virtual machine is starting.', color: 'info', onClose: fn() },
  argTypes: { color: { control: 'radio', options: ['success', 'error', 'warning', 'info'] } },
  // Fixed to the top right of its frame: in docs, each story gets its own frame.
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: '140px' } } },
} satisfies Meta<typeof Snackbar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ args }) => {
    // Announced politely; dismissable with its close button.
    const snackbar = screen.getByRole('status');
    await expect(snackbar).toHaveTextContent('The virtual machine is starting.');
    await userEvent.click(screen.getByRole('button', { name: /close|dismiss/i }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};
export const Success: Story = { args: { color: 'success', message: 'Backup policy saved.' } };
export const Error: Story = {
  args: { color: 'error', message: 'The server did not answer. Try again in a minute.' },
  play: async () => {
    // Errors interrupt: an alert, not a status.
    await expect(screen.getByRole('alert')).toHaveTextContent(/did not answer/);
    await expect(screen.queryByRole('status')).toBeNull();
  },
};
export const Warning: Story = {
  args: { color: 'warning', message: 'You do not have access to that page.' },
};
export const Info: Story = { args: { color: 'info' } };
export const WithoutClose: Story = {
  // An `undefined` arg falls back to the default `fn()`: leave the prop out here instead.
  render: ({ onClose: _onClose, ...args }) => <Snackbar {...args} />,
  play: async () => {
    // It slides in from transparent.
    await waitFor(() => expect(screen.getByRole('status')).toBeVisible());
    await expect(screen.queryByRole('button')).toBeNull();
  },
};
export const LongText: Story = {
  args: {
    color: 'error',
    message:
      'The snapshot of web-frontend-01 could not be created because the storage pool is full. Delete old snapshots or ask your administrator for more space.',
  },
};
export const Closed: Story = {
  args: { open: false },
  play: async () => {
    await expect(screen.queryByText('The virtual machine is starting.')).toBeNull();
  },
};
export const DarkSuccess: Story = { ...Success, globals: { theme: 'dark' } };
export const DarkError: Story = { ...Error, globals: { theme: 'dark' } };
export const DarkWarning: Story = { ...Warning, globals: { theme: 'dark' } };
export const DarkInfo: Story = { ...Info, globals: { theme: 'dark' } };

/** The queue on a plain object that re-renders this demo whenever the queue writes to it. */
function QueueDemo() {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [{ state, queue }] = useState(() => {
    const snackbar = { message: '', color: 'info' as FeedbackKind, show: false };
    const watched = new Proxy(snackbar, {
      set: (target, key, value) => {
        Reflect.set(target, key, value);
        rerender();
        return true;
      },
    });
    const state = { snackbar: watched };
    return { state, queue: createSnackbarQueue(state) };
  });
  // A request that has to wait changes only the queue: render its new length too.
  const ask = (message: string, color?: FeedbackKind) => {
    queue.show(message, color);
    rerender();
  };
  return (
    <div style={{ padding: 16, display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
      <Button variant="primary" onClick={() => ask('web-frontend-01 is starting.')}>
        Start a VM
      </Button>
      <Button variant="outlined" onClick={() => ask('Backup policy saved.', 'success')}>
        Save a policy
      </Button>
      <Button variant="danger" onClick={() => ask('Resize failed : over the plan.', 'error')}>
        Fail a task
      </Button>
      <span>Waiting: {queue.pending}</span>
      <Snackbar
        open={state.snackbar.show}
        message={state.snackbar.message}
        color={state.snackbar.color}
        onClose={queue.dismiss}
      />
    </div>
  );
}

/**
 * The queue rule: a message stays 6000 ms; one asked for while another is visible waits, checking
 * every 100 ms, and shows as soon as the visible one is gone (here: dismissed).
 */
export const Queue: Story = {
  render: () => <QueueDemo />,
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Start a VM' }));
    await expect(screen.getByRole('status')).toHaveTextContent('web-frontend-01 is starting.');
    await userEvent.click(screen.getByRole('button', { name: 'Save a policy' }));
    // The first message stays; the second waits its turn.
    await expect(screen.getByRole('status')).toHaveTextContent('web-frontend-01 is starting.');
    await expect(screen.getByText('Waiting: 1')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Backup policy saved.'),
    );
    await expect(screen.getByText('Waiting: 0')).toBeVisible();
  },
};
