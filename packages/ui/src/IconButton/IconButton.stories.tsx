import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { mdiDelete, mdiPencil, mdiRefresh } from '@mdi/js';
import { IconButton } from './IconButton.tsx';

const meta = {
  title: 'Components/IconButton',
  component: IconButton,
  args: { icon: mdiRefresh, 'aria-label': 'Refresh', title: 'Refresh', onClick: fn() },
  argTypes: { icon: { control: false } },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <IconButton {...args} size="small" />
      <IconButton {...args} />
    </div>
  ),
};

export const Pressed: Story = {
  args: { icon: mdiPencil, 'aria-label': 'Edit mode', title: 'Edit mode', 'aria-pressed': true },
};

export const Disabled: Story = {
  args: { icon: mdiDelete, 'aria-label': 'Delete', title: 'Delete', disabled: true },
};

export const Dark: Story = { ...Sizes, globals: { theme: 'dark' } };
