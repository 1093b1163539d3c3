import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { mdiDelete, mdiPencil, mdiRefresh } from '@mdi/js';
import { Button } from '../Button/Button.tsx';
import { IconButton } from '../IconButton/IconButton.tsx';
import { Tooltip, TooltipProvider } from './Tooltip.tsx';

const meta = {
  title: 'Components/Tooltip',
  component: Tooltip,
  args: {
    content: 'Refresh',
    side: 'top',
    children: <IconButton icon={mdiRefresh} aria-label="Refresh" />,
  },
  argTypes: { children: { control: false } },
  decorators: [
    (Story) => (
      <div style={{ padding: '64px 0', display: 'flex', justifyContent: 'center' }}>{Story()}</div>
    ),
  ],
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Keyboard focus opens the tooltip at once; Escape closes it. */
export const Playground: Story = {
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Refresh' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('Refresh');
    await expect(button).toHaveAccessibleDescription('Refresh');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  },
};

export const Open: Story = { args: { defaultOpen: true } };

/** Hover waits for the delay. */
export const Hover: Story = {
  args: { delayDuration: 200 },
  play: async ({ canvas }) => {
    await userEvent.hover(canvas.getByRole('button', { name: 'Refresh' }));
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Refresh');
  },
};

export const LongText: Story = {
  args: {
    defaultOpen: true,
    side: 'bottom',
    content:
      'Deletes the machine and its disks. Backups stay for 30 days and can be restored to a new machine.',
    children: <Button variant="danger">Delete web-01</Button>,
  },
};

/** One provider for a toolbar: after the first tooltip, the next ones open without delay. */
export const Toolbar: Story = {
  render: () => (
    <TooltipProvider delayDuration={300}>
      <div style={{ display: 'flex', gap: 4 }}>
        <Tooltip content="Refresh">
          <IconButton icon={mdiRefresh} aria-label="Refresh" />
        </Tooltip>
        <Tooltip content="Rename">
          <IconButton icon={mdiPencil} aria-label="Rename" />
        </Tooltip>
        <Tooltip content="Delete">
          <IconButton icon={mdiDelete} aria-label="Delete" />
        </Tooltip>
      </div>
    </TooltipProvider>
  ),
};

export const Dark: Story = { ...Open, globals: { theme: 'dark' } };
