import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { METRICS, type MetricsReply, type Vm } from '@portal/api/contract';
import {
  Alert,
  MetricChart,
  type MetricRange,
  type MetricSeries,
  type MetricUnit,
} from '@portal/ui';
import { readStateProps } from '../../../kit/queryError.ts';
import { computeQueries } from '../queries.ts';
import { DetailStack } from '../../../kit/DetailPage.tsx';
import { fittingColumns } from '../../../kit/layout.ts';

type Metric = (typeof METRICS)[number];

const Grid = styled.div`
  ${fittingColumns(460)}
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

export function MetricsTab({ vm }: { vm: Vm }) {
  const [range, setRange] = useState<MetricRange>('1h');
  return (
    <DetailStack>
      {vm.power_state === 'poweredOff' && (
        <Alert kind="info">The VM is powered off: no CPU or network use is recorded.</Alert>
      )}
      <Grid>
        {METRICS.map((metric) => (
          <MetricPanel
            key={metric}
            vm={vm}
            metric={metric}
            range={range}
            onRangeChange={setRange}
          />
        ))}
      </Grid>
    </DetailStack>
  );
}

function MetricPanel({
  vm,
  metric,
  range,
  onRangeChange,
}: {
  vm: Vm;
  metric: Metric;
  range: MetricRange;
  onRangeChange: (range: MetricRange) => void;
}) {
  // The last range's points stay while another range loads: the chart does not blank out.
  const query = useQuery({
    ...computeQueries.metrics(vm.id, metric, range),
    placeholderData: (previous) => previous,
  });
  const series = query.data ? toSeries(query.data) : [];
  return (
    <MetricChart
      title={TITLES[metric]}
      headingLevel={2}
      series={series}
      range={range}
      onRangeChange={onRangeChange}
      {...readStateProps(query)}
      emptyMessage="No data for this range."
    />
  );
}
