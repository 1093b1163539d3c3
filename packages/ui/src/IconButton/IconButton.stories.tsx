import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
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

/** Disabled with a reason: focusable, the reason in a tooltip and as its description. */
export const DisabledWithReason: Story = {
  args: {
    icon: mdiDelete,
    'aria-label': 'Delete',
    title: 'Delete',
    disabledReason: 'Power the virtual machine off before deleting it.',
  },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Delete' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAccessibleDescription(
      'Power the virtual machine off before deleting it.',
    );
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
    // End with the reason showing, so the screenshot never races the tooltip's delay.
    await userEvent.tab();
    await userEvent.tab({ shift: true });
    await expect(button).toHaveFocus();
    await waitFor(() =>
      expect(document.querySelector('[role="tooltip"]')).toHaveTextContent(
        'Power the virtual machine off before deleting it.',
      ),
    );
  },
};
