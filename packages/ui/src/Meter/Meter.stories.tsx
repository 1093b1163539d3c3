import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Meter } from './Meter.tsx';

const meta = {
  title: 'Components/Meter',
  component: Meter,
  args: { label: 'Storage used', value: 312, max: 500, valueText: '312 GB of 500 GB' },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof Meter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    const meter = canvas.getByRole('meter', { name: 'Storage used' });
    await expect(meter).toHaveAttribute('aria-valuetext', '312 GB of 500 GB');
  },
};

/** Normal, warning (from 80 %), critical (from 100 %) and over the capacity. */
export const Levels: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <Meter {...args} label="Normal" value={120} max={500} valueText="120 GB of 500 GB" />
      <Meter {...args} label="Warning" value={430} max={500} valueText="430 GB of 500 GB" />
      <Meter {...args} label="Critical" value={500} max={500} valueText="500 GB of 500 GB" />
      <Meter {...args} label="Over" value={14} max={10} valueText="14 of 10 seats" />
      <Meter {...args} label="Nothing contracted" value={0} max={0} valueText="0 of 0 seats" />
    </div>
  ),
};

/** The small size with a hidden label, as in a table cell. */
export const InTable: Story = {
  args: { size: 'small', hideLabel: true, value: 410, valueText: '82 %' },
};
