import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { mdiChartLine, mdiHarddisk, mdiInformationOutline, mdiLan } from '@mdi/js';
import { Tabs } from './Tabs.tsx';

interface StoryArgs {
  /** Selection follows focus, or waits for Enter/Space. */
  activationMode: 'automatic' | 'manual';
  /** Selection changes. */
  onValueChange: (value: string) => void;
  /** Number of tabs. */
  count: number;
}

const names = [
  'Summary',
  'Disks',
  'Network',
  'Monitoring',
  'Snapshots',
  'Backups',
  'Firewall rules',
  'Activity log',
  'Permissions',
  'Tags',
];
const icons = [mdiInformationOutline, mdiHarddisk, mdiLan, mdiChartLine];

const meta = {
  title: 'Components/Tabs',
  args: { activationMode: 'automatic', onValueChange: fn(), count: 4 },
  argTypes: {
    activationMode: { control: 'inline-radio', options: ['automatic', 'manual'] },
    count: { control: { type: 'range', min: 2, max: 10 } },
  },
  render: ({ activationMode, onValueChange, count }) => (
    <Tabs.Root defaultValue="Summary" activationMode={activationMode} onValueChange={onValueChange}>
      <Tabs.List aria-label="web-01">
        {names.slice(0, count).map((name, i) => (
          <Tabs.Trigger key={name} value={name} icon={icons[i]} disabled={name === 'Snapshots'}>
            {name}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {names.slice(0, count).map((name) => (
        <Tabs.Content key={name} value={name}>
          {name} of web-01.
        </Tabs.Content>
      ))}
    </Tabs.Root>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const summary = canvas.getByRole('tab', { name: 'Summary' });
    await expect(summary).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(summary);
    await userEvent.keyboard('{ArrowRight}');
    const disks = canvas.getByRole('tab', { name: 'Disks' });
    await expect(disks).toHaveFocus();
    await expect(disks).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Disks' })).toHaveTextContent('Disks of');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('Disks');
  },
};

/** Arrow keys move focus; Enter or Space selects. */
export const ManualActivation: Story = {
  args: { activationMode: 'manual' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Summary' }));
    await userEvent.keyboard('{ArrowRight}');
    const disks = canvas.getByRole('tab', { name: 'Disks' });
    await expect(disks).toHaveFocus();
    await expect(disks).toHaveAttribute('aria-selected', 'false');
    await userEvent.keyboard('{Enter}');
    await expect(disks).toHaveAttribute('aria-selected', 'true');
  },
};

/** A disabled tab is skipped by the arrow keys. */
export const DisabledTab: Story = {
  args: { count: 6 },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Monitoring' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Backups' })).toHaveFocus();
  },
};

/** More tabs than fit: the row scrolls sideways. */
export const Overflow: Story = {
  args: { count: 10 },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
};

export const Dark: Story = { args: { count: 6 }, globals: { theme: 'dark' } };

/** A mouse click selects without a focus ring; the ring is for keyboard focus only. */
export const ClickWithoutRing: Story = {
  play: async ({ canvas }) => {
    const disks = canvas.getByRole('tab', { name: 'Disks' });
    await userEvent.click(disks);
    await expect(disks).toHaveFocus();
    await expect(disks).toHaveAttribute('aria-selected', 'true');
    await expect(getComputedStyle(disks).outlineStyle).toBe('none');
    await userEvent.keyboard('{ArrowRight}');
    const network = canvas.getByRole('tab', { name: 'Network' });
    await expect(network).toHaveFocus();
    await expect(getComputedStyle(network).outlineStyle).toBe('solid');
  },
};
