import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { mdiHammerWrench, mdiServerOff } from '@mdi/js';
import { Button } from '../Button/Button.tsx';
import { EmptyState } from './EmptyState.tsx';

const onCreate = fn();

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  args: {
    icon: mdiServerOff,
    title: 'No virtual machines yet',
    description: 'Machines you create appear here, with their status and console.',
    action: (
      <Button variant="primary" onClick={onCreate}>
        Create a virtual machine
      </Button>
    ),
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No virtual machines yet' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Create a virtual machine' }));
    await expect(onCreate).toHaveBeenCalledTimes(1);
  },
};
export const WithoutAction: Story = {
  args: { action: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/appear here/)).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
export const NotAvailable: Story = {
  args: {
    icon: mdiHammerWrench,
    title: 'Backup: not available yet',
    description:
      'This part of the portal arrives in a coming release. Your access to it is already checked.',
    action: undefined,
  },
};
export const TitleOnly: Story = {
  args: { icon: undefined, description: undefined, action: undefined },
};
export const Dark: Story = { globals: { theme: 'dark' } };
