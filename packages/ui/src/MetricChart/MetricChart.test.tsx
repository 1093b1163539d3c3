import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MetricChart } from './MetricChart.tsx';
import { canDrawCharts } from './Plot.tsx';
import {
  alignSeries,
  BYTE_INCREMENTS,
  describeChart,
  formatTick,
  formatTime,
  formatValue,
  summarizeSeries,
  type MetricSeries,
} from './format.ts';
import { cpuSeries, seededRandom } from './storyData.ts';

const T0 = Date.UTC(2025, 2, 14, 10, 0);
const MIN = 60_000;

const cpu: MetricSeries = {
  label: 'CPU',
  unit: 'percent',
  points: [
    [T0, 10],
    [T0 + MIN, 30],
    [T0 + 2 * MIN, null],
    [T0 + 3 * MIN, 20],
  ],
};

describe('formatValue', () => {
  it('formats percent with one decimal below 100', () => {
    expect(formatValue(12.345, 'percent')).toBe('12.3%');
    expect(formatValue(0, 'percent')).toBe('0%');
    expect(formatValue(100, 'percent')).toBe('100%');
    expect(formatValue(7.05, 'percent')).toBe('7.1%');
  });

  it('formats bytes with binary prefixes', () => {
    expect(formatValue(512, 'bytes')).toBe('512 B');
    expect(formatValue(1536, 'bytes')).toBe('1.5 KB');
    expect(formatValue(5 * 1024 ** 2, 'bytes')).toBe('5 MB');
    expect(formatValue(12.25 * 1024 ** 3, 'bytes')).toBe('12.3 GB');
    expect(formatValue(300 * 1024 ** 3, 'bytes')).toBe('300 GB');
    expect(formatValue(2 * 1024 ** 4, 'bytes')).toBe('2 TB');
    // A 2000 GB quota reads as the portal's formatter reads it: "2 TB", not "1.95 TiB".
    expect(formatValue(2000 * 1024 ** 3, 'bytes')).toBe('2 TB');
  });

  it('moves up a prefix rather than printing 1,024 of the one below', () => {
    expect(formatValue(1024 * 1024 - 1, 'bytes')).toBe('1 MB');
    expect(formatValue(999_999, 'bitsPerSecond')).toBe('1 Mbit/s');
  });

  it('formats bit rates with decimal prefixes, kbit/s to Gbit/s', () => {
    expect(formatValue(800, 'bitsPerSecond')).toBe('800 bit/s');
    expect(formatValue(64_000, 'bitsPerSecond')).toBe('64 kbit/s');
    expect(formatValue(250_500_000, 'bitsPerSecond')).toBe('251 Mbit/s');
    expect(formatValue(1_250_000_000, 'bitsPerSecond')).toBe('1.25 Gbit/s');
  });

  it('formats IOPS and counts', () => {
    expect(formatValue(850, 'iops')).toBe('850 IOPS');
    expect(formatValue(1500, 'iops')).toBe('1.5k IOPS');
    expect(formatValue(3400, 'count')).toBe('3,400');
    expect(formatValue(12_345, 'count')).toBe('12.3k');
    expect(formatValue(2.5, 'count')).toBe('2.5');
  });

  it('says "no data" for gaps', () => {
    expect(formatValue(null, 'percent')).toBe('no data');
    expect(formatValue(undefined, 'bytes')).toBe('no data');
    expect(formatValue(Number.NaN, 'iops')).toBe('no data');
  });

  it('has short tick labels', () => {
    expect(formatTick(50, 'percent')).toBe('50%');
    expect(formatTick(2000, 'iops')).toBe('2k');
    expect(formatTick(1024 ** 3, 'bytes')).toBe('1 GB');
  });

  it('steps byte axes by powers of two of each prefix', () => {
    expect(BYTE_INCREMENTS).toContain(512 * 1024 ** 2);
    expect(BYTE_INCREMENTS).toContain(1024 ** 3);
    expect(BYTE_INCREMENTS).not.toContain(1000);
  });

  it('formats times in a given zone', () => {
    expect(formatTime(T0, 'UTC')).toBe('Mar 14, 2025, 10:00 AM');
  });
});

describe('summaries', () => {
  it('takes min, average, max and latest over non-null points', () => {
    expect(summarizeSeries(cpu)).toEqual({
      label: 'CPU',
      unit: 'percent',
      min: 10,
      max: 30,
      avg: 20,
      latest: 20,
      count: 3,
    });
  });

  it('is null for a series without points', () => {
    expect(summarizeSeries({ label: 'CPU', unit: 'percent', points: [] })).toBeNull();
    expect(summarizeSeries({ label: 'CPU', unit: 'percent', points: [[T0, null]] })).toBeNull();
  });

  it('describes the chart in one sentence per series, with units', () => {
    const rx: MetricSeries = {
      label: 'Received',
      unit: 'bitsPerSecond',
      points: [
        [T0, 1_000_000],
        [T0 + MIN, 3_000_000],
      ],
    };
    const empty: MetricSeries = { label: 'Sent', unit: 'bitsPerSecond', points: [] };
    expect(describeChart('Network', [rx, empty], '1h')).toBe(
      'Network, last hour. Received: minimum 1 Mbit/s, average 2 Mbit/s, maximum 3 Mbit/s, ' +
        'latest 3 Mbit/s. Sent: no data.',
    );
    expect(describeChart('CPU usage', [cpu])).toBe(
      'CPU usage. CPU: minimum 10%, average 20%, maximum 30%, latest 20%.',
    );
  });

  it('aligns series on the union of their times, in seconds: own gaps null, others undefined', () => {
    const other: MetricSeries = {
      label: 'Other',
      unit: 'percent',
      points: [
        [T0 + MIN / 2, 5],
        [T0 + MIN, 6],
      ],
    };
    expect(alignSeries([cpu, other])).toEqual([
      [T0 / 1000, T0 / 1000 + 30, T0 / 1000 + 60, T0 / 1000 + 120, T0 / 1000 + 180],
      [10, undefined, 30, null, 20],
      [undefined, 5, 6, undefined, undefined],
    ]);
  });

  it('refuses times in seconds, so a campaign of today is never drawn in 1970', () => {
    const seconds: MetricSeries = { label: 'Sent', unit: 'count', points: [[T0 / 1000, 1]] };
    expect(() => alignSeries([seconds])).toThrow(/"Sent" .* not a time in milliseconds/);
    expect(() =>
      alignSeries([{ label: 'Sent', unit: 'count', points: [[Number.NaN, 1]] }]),
    ).toThrow(RangeError);
    expect(alignSeries([{ label: 'Sent', unit: 'count', points: [[T0, 1]] }])[0]).toEqual([
      T0 / 1000,
    ]);
  });
});

describe('story data', () => {
  it('is deterministic', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
    expect(cpuSeries('24h')).toEqual(cpuSeries('24h'));
    expect(cpuSeries('24h')[0]?.points).toHaveLength(289);
  });
});

describe('MetricChart', () => {
  it('does not try to draw without a canvas (happy-dom, server)', () => {
    expect(canDrawCharts()).toBe(false);
  });

  it('is an image named by its summary, with a range picker', async () => {
    const onRangeChange = vi.fn();
    render(<MetricChart title="CPU usage" series={[cpu]} onRangeChange={onRangeChange} />);
    expect(screen.getByRole('heading', { level: 3, name: 'CPU usage' })).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: 'CPU usage, last 24 hours. CPU: minimum 10%, average 20%, maximum 30%, latest 20%.',
      }),
    ).toBeTruthy();
    const picker = screen.getByRole('group', { name: 'Time range' });
    expect(
      within(picker)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1h', '6h', '24h', '7d', '30d']);
    expect(within(picker).getByRole('button', { name: '24h' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await userEvent.click(within(picker).getByRole('button', { name: '7d' }));
    expect(onRangeChange).toHaveBeenCalledWith('7d');
    expect(screen.getByRole('img', { name: /^CPU usage, last 7 days\./ })).toBeTruthy();
  });

  it('keeps a controlled range', async () => {
    const onRangeChange = vi.fn();
    render(<MetricChart title="CPU" series={[cpu]} range="1h" onRangeChange={onRangeChange} />);
    await userEvent.click(screen.getByRole('button', { name: '30d' }));
    expect(onRangeChange).toHaveBeenCalledWith('30d');
    expect(screen.getByRole('button', { name: '1h' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('has a data table for screen readers, which "Show as table" shows on screen', async () => {
    render(<MetricChart title="CPU usage" series={[cpu]} timeZone="UTC" />);
    const table = screen.getByRole('table', { name: 'CPU usage, last 24 hours' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'TimeCPU (%)',
      'Mar 14, 2025, 10:00 AM10%',
      'Mar 14, 2025, 10:01 AM30%',
      'Mar 14, 2025, 10:02 AMno data',
      'Mar 14, 2025, 10:03 AM20%',
    ]);
    expect(screen.queryByRole('region')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const region = screen.getByRole('region', { name: 'CPU usage: data' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table')).toBe(table);
  });

  it('shows a loading state', () => {
    render(<MetricChart title="CPU usage" series={[]} loading />);
    expect(screen.getByRole('status').textContent).toBe('Loading CPU usage');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows an error with a retry', async () => {
    const onRetry = vi.fn();
    render(
      <MetricChart
        title="CPU usage"
        series={[cpu]}
        error="The service is down."
        onRetry={onRetry}
      />,
    );
    expect(screen.getByText('The service is down.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows an empty state when no series has a point', () => {
    render(
      <MetricChart
        title="CPU usage"
        series={[{ label: 'CPU', unit: 'percent', points: [[T0, null]] }]}
        emptyMessage="Nothing measured yet."
      />,
    );
    expect(screen.getByText('Nothing measured yet.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show as table' })).toBeNull();
  });
});
