import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
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

export const Playground: Story = {};
export const Success: Story = { args: { color: 'success', message: 'Backup policy saved.' } };
export const Error: Story = {
  args: { color: 'error', message: 'The server did not answer. Try again in a minute.' },
};
export const Warning: Story = {
  args: { color: 'warning', message: 'You do not have access to that page.' },
};
export const Info: Story = { args: { color: 'info' } };
export const WithoutClose: Story = { args: { onClose: undefined } };
export const LongText: Story = {
  args: {
    color: 'error',
    message:
      'The snapshot of web-frontend-01 could not be created because the storage pool is full. Delete old snapshots or ask your administrator for more space.',
  },
};
export const Closed: Story = { args: { open: false } };
export const DarkSuccess: Story = { ...Success, globals: { theme: 'dark' } };
export const DarkError: Story = { ...Error, globals: { theme: 'dark' } };
export const DarkWarning: Story = { ...Warning, globals: { theme: 'dark' } };
export const DarkInfo: Story = { ...Info, globals: { theme: 'dark' } };
