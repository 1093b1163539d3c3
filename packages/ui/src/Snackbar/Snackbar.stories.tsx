import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Snackbar } from './Snackbar.tsx';

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
