import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { TextField } from '../TextField/TextField.tsx';
import { Dialog, type DialogSize } from './Dialog.tsx';

interface StoryArgs {
  /** Dialog width. */
  size: DialogSize;
  /** Title text. */
  title: string;
  /** Description text. */
  description: string;
  /** Start open. */
  defaultOpen: boolean;
  /** Open state changes. */
  onOpenChange: (open: boolean) => void;
  /** Paragraphs in the body. */
  paragraphs: number;
}

const meta = {
  title: 'Components/Dialog',
  args: {
    size: 'medium',
    title: 'Rename web-01',
    description: 'The new name shows in lists, the console and billing at once.',
    defaultOpen: false,
    onOpenChange: fn(),
    paragraphs: 0,
  },
  argTypes: {
    size: { control: 'inline-radio', options: ['small', 'medium', 'large'] },
  },
  render: ({ size, title, description, defaultOpen, onOpenChange, paragraphs }) => (
    <Dialog.Root defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <Dialog.Trigger>
        <Button variant="primary">Rename</Button>
      </Dialog.Trigger>
      <Dialog.Content size={size}>
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description>{description}</Dialog.Description>
        <Dialog.Body>
          <TextField
            label="Name"
            defaultValue="web-01"
            help="Lower-case letters, digits, hyphens."
          />
          {Array.from({ length: paragraphs }, (_, i) => (
            <p key={i}>
              Paragraph {i + 1}. Renaming does not restart the machine. Backups, snapshots and
              monitoring keep their history under the new name, and the old name is free to reuse
              straight away.
            </p>
          ))}
        </Dialog.Body>
        <Dialog.Actions>
          <Dialog.Close>
            <Button variant="text">Cancel</Button>
          </Dialog.Close>
          <Dialog.Close>
            <Button variant="primary">Rename</Button>
          </Dialog.Close>
        </Dialog.Actions>
      </Dialog.Content>
    </Dialog.Root>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Rename' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Rename web-01' });
    await expect(dialog).toHaveAccessibleDescription(/The new name shows/);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

/** Open from the start (`defaultOpen`). */
export const Open: Story = { args: { defaultOpen: true } };

export const Small: Story = {
  args: {
    defaultOpen: true,
    size: 'small',
    title: 'Rename',
    description: 'A short dialog for one field.',
  },
};

export const Large: Story = { args: { defaultOpen: true, size: 'large', paragraphs: 2 } };

/** The body scrolls (and becomes focusable) when the dialog is taller than the screen. */
export const LongContent: Story = {
  args: {
    defaultOpen: true,
    paragraphs: 14,
    title:
      'Rename the virtual machine web-frontend-production-frankfurt-01 in the Frankfurt region',
  },
  // The scrolling body takes focus (it can be scrolled by keyboard); a key press first makes the
  // focus ring's keyboard-only rule the same whatever story ran before, for the screenshot.
  play: async () => {
    await userEvent.keyboard('{Shift}');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  },
};

/** Tab stays inside the dialog: after the last button it wraps to the first control. */
export const FocusTrap: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    const field = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.tab();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Rename' })).toHaveFocus();
    await userEvent.tab();
    await expect(field).toHaveFocus();
    await expect(dialog).toBeInTheDocument();
  },
};

export const Dark: Story = { ...Open, globals: { theme: 'dark' } };
