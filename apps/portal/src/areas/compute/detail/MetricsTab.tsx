import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { METRICS, type MetricsReply, type Vm } from '@portal/api/contract';
import { MetricChart, type MetricRange, type MetricSeries, type MetricUnit } from '@portal/ui';
import { reportError } from '../../../services.ts';
import { vmApis } from './useVm.ts';

type Metric = (typeof METRICS)[number];

const Grid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 460px), 1fr));
`;

const TITLES: Record<Metric, string> = {
  cpu: 'CPU usage',
  memory: 'Memory usage',
  disk: 'Disk throughput',
  network: 'Network throughput',
};

const SERIES_NAMES: Record<string, string> = {
  usage: 'Usage',
  read: 'Read',
  write: 'Write',
  rx: 'Received',
  tx: 'Sent',
};

/** The server's units as the chart's: rates become bytes or bits per second. */
const UNITS: Record<string, { unit: MetricUnit; factor: number }> = {
  '%': { unit: 'percent', factor: 1 },
  'MB/s': { unit: 'bytes', factor: 1_000_000 },
  'Mbit/s': { unit: 'bitsPerSecond', factor: 1_000_000 },
};

/** A metrics reply as chart series. */
export function toSeries(reply: MetricsReply): MetricSeries[] {
  const { unit, factor } = UNITS[reply.unit] ?? { unit: 'count' as const, factor: 1 };
  return reply.series.map((s) => ({
    label: (SERIES_NAMES[s.name] ?? s.name) + (reply.unit === 'MB/s' ? ' per second' : ''),
    unit,
    points: s.points.map(([t, v]) => [t, v * factor] as const),
  }));
}

export function MetricsTab({ vm, version }: { vm: Vm; version: number }) {
  const [range, setRange] = useState<MetricRange>('1h');
  return (
    <Grid>
      {METRICS.map((metric) => (
        <MetricPanel
          key={metric}
          vm={vm}
          metric={metric}
          range={range}
          onRangeChange={setRange}
          version={version}
        />
      ))}
    </Grid>
  );
}

function MetricPanel({
  vm,
  metric,
  range,
  onRangeChange,
  version,
}: {
  vm: Vm;
  metric: Metric;
  range: MetricRange;
  onRangeChange: (range: MetricRange) => void;
  version: number;
}) {
  const [series, setSeries] = useState<MetricSeries[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [retry, setRetry] = useState(0);
  // Which request the shown points answer: loading until it is this one.
  const key = `${range}:${version}:${retry}`;
  const [answered, setAnswered] = useState<string | null>(null);
  const { id, serviceid } = vm;

  useEffect(() => {
    let live = true;
    vmApis({ serviceid })
      .compute.metrics(id, metric, range)
      .then(
        (reply) => {
          if (!live) return;
          setSeries(toSeries(reply));
          setError(null);
        },
        (failure: unknown) => {
          if (live) setError(reportError(failure));
        },
      )
      .finally(() => {
        if (live) setAnswered(key);
      });
    return () => {
      live = false;
    };
  }, [id, serviceid, metric, range, key]);
  const loading = answered !== key;

  return (
    <MetricChart
      title={TITLES[metric]}
      headingLevel={2}
      series={series}
      range={range}
      onRangeChange={onRangeChange}
      loading={loading && series.length === 0}
      error={error ?? undefined}
      onRetry={() => setRetry((r) => r + 1)}
      emptyMessage="No data for this range."
    />
  );
}
