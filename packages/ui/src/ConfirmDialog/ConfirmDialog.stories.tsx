import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { mdiDelete } from '@mdi/js';
import { Button } from '../Button/Button.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';

const meta = {
  title: 'Components/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    title: 'Delete web-01?',
    description: 'The virtual machine and its disks are deleted. Backups are kept for 30 days.',
    confirmLabel: 'Delete',
    tone: 'danger',
    onConfirm: fn(),
    onOpenChange: fn(),
    trigger: (
      <Button variant="danger" leadingIcon={mdiDelete}>
        Delete
      </Button>
    ),
  },
  argTypes: { trigger: { control: false } },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Delete' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete web-01?' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    // The safe choice has focus first.
    await waitFor(() => expect(cancel).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

/** Open from the start. */
export const Open: Story = { args: { defaultOpen: true } };

/** The user types the resource name to enable the confirm button. */
export const RequireText: Story = {
  args: { defaultOpen: true, requireText: 'web-01' },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog');
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await expect(field).toHaveAccessibleDescription('Type web-01 to confirm');
    await expect(confirm).toBeDisabled();
    await userEvent.type(field, 'web-0');
    await expect(confirm).toBeDisabled();
    await userEvent.type(field, '1');
    await expect(confirm).toBeEnabled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};

/** `onConfirm` returns a promise that never settles: the button stays busy. */
export const Loading: Story = {
  args: { defaultOpen: true, onConfirm: fn(() => new Promise<void>(() => {})) },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

/** `onConfirm` rejects: the dialog stays open with the error's message. */
export const Failed: Story = {
  args: {
    defaultOpen: true,
    onConfirm: fn(() => Promise.reject(new Error('web-01 is locked by a running backup.'))),
  },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'web-01 is locked by a running backup.',
    );
    await expect(dialog).toBeInTheDocument();
  },
};

export const LongText: Story = {
  args: {
    defaultOpen: true,
    title: 'Delete the backup policy production-database-cluster-frankfurt-nightly-full?',
    description:
      'Every machine that uses this policy stops being backed up tonight. Existing restore points stay until their retention ends, then they are deleted as well.',
    requireText: 'production-database-cluster-frankfurt-nightly-full',
    requireTextLabel: 'Policy name',
    confirmLabel: 'Delete policy',
  },
};

export const Primary: Story = {
  args: {
    defaultOpen: true,
    tone: 'primary',
    title: 'Restart web-01?',
    description: 'Open sessions are disconnected for about a minute.',
    confirmLabel: 'Restart',
  },
};

export const Dark: Story = { ...RequireText, play: undefined, globals: { theme: 'dark' } };
