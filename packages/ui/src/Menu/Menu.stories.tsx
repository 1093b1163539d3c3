import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import {
  mdiContentCopy,
  mdiDelete,
  mdiDotsVertical,
  mdiPencil,
  mdiPlay,
  mdiRestart,
  mdiStop,
} from '@mdi/js';
import { Button } from '../Button/Button.tsx';
import { IconButton } from '../IconButton/IconButton.tsx';
import { Menu } from './Menu.tsx';

interface StoryArgs {
  /** Start open. */
  defaultOpen: boolean;
  /** An item was chosen. */
  onSelect: (item: string) => void;
  /** Open state changes. */
  onOpenChange: (open: boolean) => void;
  /** Alignment against the trigger. */
  align: 'start' | 'center' | 'end';
}

const meta = {
  title: 'Components/Menu',
  args: { defaultOpen: false, onSelect: fn(), onOpenChange: fn(), align: 'end' },
  argTypes: { align: { control: 'inline-radio', options: ['start', 'center', 'end'] } },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 360, display: 'flex', justifyContent: 'center' }}>{Story()}</div>
    ),
  ],
  render: ({ defaultOpen, onSelect, onOpenChange, align }) => (
    <Menu.Root defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <Menu.Trigger>
        <IconButton icon={mdiDotsVertical} aria-label="Actions for web-01" />
      </Menu.Trigger>
      <Menu.Content align={align}>
        <Menu.Label>Power</Menu.Label>
        <Menu.Item icon={mdiPlay} disabled onSelect={() => onSelect('start')}>
          Start
        </Menu.Item>
        <Menu.Item icon={mdiStop} onSelect={() => onSelect('stop')}>
          Stop
        </Menu.Item>
        <Menu.Item icon={mdiRestart} onSelect={() => onSelect('restart')}>
          Restart
        </Menu.Item>
        <Menu.Separator />
        <Menu.Item icon={mdiPencil} onSelect={() => onSelect('rename')}>
          Rename
        </Menu.Item>
        <Menu.Item icon={mdiContentCopy} onSelect={() => onSelect('clone')}>
          Clone
        </Menu.Item>
        <Menu.Separator />
        <Menu.Item icon={mdiDelete} tone="danger" onSelect={() => onSelect('delete')}>
          Delete
        </Menu.Item>
      </Menu.Content>
    </Menu.Root>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Actions for web-01' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    // It fades in from transparent.
    await waitFor(() => expect(menu).toBeVisible());
    // The disabled "Start" is skipped; focus lands on "Stop".
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Stop' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(screen.getByRole('menuitem', { name: 'Restart' })).toHaveFocus();
    // Typeahead.
    await userEvent.keyboard('d');
    await expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith('delete');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

export const Open: Story = { args: { defaultOpen: true } };

/** A text button as the trigger, the menu aligned to its start. */
export const ButtonTrigger: Story = {
  args: { align: 'start' },
  render: ({ onSelect, align, defaultOpen }) => (
    <Menu.Root defaultOpen={defaultOpen}>
      <Menu.Trigger>
        <Button variant="outlined">Export</Button>
      </Menu.Trigger>
      <Menu.Content align={align}>
        <Menu.Item onSelect={() => onSelect('csv')}>CSV</Menu.Item>
        <Menu.Item onSelect={() => onSelect('json')}>JSON</Menu.Item>
        <Menu.Item onSelect={() => onSelect('pdf')}>
          PDF report with charts, tables and the activity log of the last 30 days
        </Menu.Item>
      </Menu.Content>
    </Menu.Root>
  ),
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'JSON' }));
    await expect(args.onSelect).toHaveBeenCalledWith('json');
  },
};

export const Dark: Story = { ...Open, globals: { theme: 'dark' } };
