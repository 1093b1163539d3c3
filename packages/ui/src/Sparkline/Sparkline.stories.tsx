import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Sparkline } from './Sparkline.tsx';

const responseTimes = [42, 38, 45, 51, 47, 39, 120, 64, 41, 40, 37, 44, 43, 39, 48, 52, 46, 41];

const meta = {
  title: 'Components/Sparkline',
  component: Sparkline,
  args: { values: responseTimes, label: 'Response time, last 24 h', format: (v) => `${v} ms` },
} satisfies Meta<typeof Sparkline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('img', {
        name: 'Response time, last 24 h: min 37 ms, max 120 ms, latest 41 ms',
      }),
    ).toBeVisible();
  },
};

/** Tones, a gap where no check ran, a flat line and no data at all. */
export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
      <Sparkline {...args} tone="success" />
      <Sparkline {...args} tone="error" values={[40, 42, null, null, 300, 280, 41]} />
      <Sparkline {...args} values={[5, 5, 5, 5]} />
      <Sparkline {...args} values={[]} />
      <Sparkline {...args} width={240} height={48} />
    </div>
  ),
};
