import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Sparkline } from '../Sparkline/Sparkline.tsx';
import { StatGrid, StatTile } from './StatTile.tsx';

const meta = {
  title: 'Components/StatTile',
  component: StatTile,
  args: { label: 'Open detections', value: '12', hint: '3 critical', tone: 'critical' },
} satisfies Meta<typeof StatTile>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  decorators: [(Story) => <div style={{ maxWidth: 240 }}>{Story()}</div>],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Open detections' })).toHaveTextContent('12');
  },
};

/** A row of tiles in every tone, one with a trend line. */
export const Grid: Story = {
  decorators: [(Story) => <div style={{ maxWidth: 900 }}>{Story()}</div>],
  render: () => (
    <StatGrid>
      <StatTile label="Hosts" value="148" hint="across 6 customers" />
      <StatTile label="Availability" value="99.98 %" tone="good" hint="last 30 days" />
      <StatTile label="Outdated sensors" value="7" tone="warning" hint="policy N-1" />
      <StatTile label="Open detections" value="12" tone="critical" hint="3 critical" />
      <StatTile
        label="Click rate"
        value="8.4 %"
        hint="down from 14 % in May"
        footer={
          <Sparkline
            values={[14, 12.5, 11, 10.2, 9.1, 8.4]}
            label="Click rate, last 6 campaigns"
            tone="success"
          />
        }
      />
    </StatGrid>
  ),
};
