import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { MetricChart } from './MetricChart.tsx';
import type { MetricRange } from './format.ts';
import {
  campaignSeries,
  cpuSeries,
  memoryAndDiskSeries,
  monthsSeries,
  networkSeries,
  onePointSeries,
} from './storyData.ts';

const meta = {
  title: 'Components/MetricChart',
  component: MetricChart,
  args: {
    title: 'CPU usage',
    series: cpuSeries('24h'),
    defaultRange: '24h',
    onRangeChange: fn(),
    onRetry: fn(),
    // Fixed, so axis labels and snapshots are the same on every machine.
    timeZone: 'UTC',
  },
  argTypes: { series: { control: false } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 760 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MetricChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('img', { name: /^CPU usage, last 24 hours\. CPU: minimum/ }));
    await userEvent.click(canvas.getByRole('button', { name: '7d' }));
    await expect(args.onRangeChange).toHaveBeenCalledWith('7d');
    await expect(canvas.getByRole('button', { name: '7d' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

/** CPU over 24 hours, 5-minute points. */
export const Cpu24h: Story = {};

/** Two units: memory (bytes, left axis) and disk IOPS (right axis). */
export const MemoryAndDisk: Story = {
  args: { title: 'Memory and disk', series: memoryAndDiskSeries('24h') },
};

/** Network throughput in bit/s, received and sent. */
export const Network: Story = {
  args: { title: 'Network throughput', series: networkSeries('6h'), defaultRange: '6h' },
};

/** One point: drawn as a dot within the hour around it, not on an axis of years. */
export const OnePoint: Story = {
  args: { title: 'Results timeline', series: onePointSeries(), rangePicker: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: /Sent: minimum 1/ })).toBeVisible();
  },
};

/**
 * Sparse series on one time axis (a campaign's running counts): each line whole, a lone event
 * (Clicked, Submitted) as a dot, every series in its own colour.
 */
export const Sparse: Story = {
  args: { title: 'Results timeline', series: campaignSeries(), rangePicker: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: /Clicked: minimum 1.*Submitted: minimum 1/ }));
  },
};

/** Minutes apart: the axis labels keep their distance ("10:22" never runs into "10:23"). */
export const Minutes: Story = {
  args: {
    title: 'Results timeline',
    series: campaignSeries().slice(0, 2),
    rangePicker: false,
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
};

/** Months apart: month labels. */
export const Months: Story = {
  args: { title: 'Rates per month', series: monthsSeries(), rangePicker: false },
};

/** The range picker driving the data, as a page would. */
export const RangeDriven: Story = {
  render: function RangeDemo(args) {
    const [range, setRange] = useState<MetricRange>('1h');
    return (
      <MetricChart
        {...args}
        title="Network throughput"
        series={networkSeries(range)}
        range={range}
        onRangeChange={(next) => {
          setRange(next);
          args.onRangeChange?.(next);
        }}
      />
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '30d' }));
    await expect(canvas.getByRole('img', { name: /last 30 days/ })).toBeVisible();
  },
};

/** "Show as table": the data table screen readers always have, now on screen too. */
export const Table: Story = {
  args: { title: 'Network throughput', series: networkSeries('1h'), defaultRange: '1h' },
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'Show as table' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('region', { name: 'Network throughput: data' })).toBeVisible();
  },
};

export const Loading: Story = { args: { loading: true } };

export const Empty: Story = { args: { series: [] } };

export const LoadError: Story = {
  name: 'Error',
  args: { error: 'The monitoring service did not answer.' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Dark: Story = {
  args: { title: 'Memory and disk', series: memoryAndDiskSeries('24h') },
  globals: { theme: 'dark' },
};

export const DarkCpu: Story = { globals: { theme: 'dark' } };
