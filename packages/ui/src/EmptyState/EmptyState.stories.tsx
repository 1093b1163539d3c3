import type { Meta, StoryObj } from '@storybook/react-vite';
import { mdiHammerWrench, mdiServerOff } from '@mdi/js';
import { Button } from '../Button/Button.tsx';
import { EmptyState } from './EmptyState.tsx';

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  args: {
    icon: mdiServerOff,
    title: 'No virtual machines yet',
    description: 'Machines you create appear here, with their status and console.',
    action: <Button variant="primary">Create a virtual machine</Button>,
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};
export const WithoutAction: Story = { args: { action: undefined } };
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
