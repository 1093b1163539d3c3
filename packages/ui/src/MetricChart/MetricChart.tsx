import { useId, useMemo, useState, type ReactNode } from 'react';
import { mdiAlertCircleOutline, mdiChartLine } from '@mdi/js';
import { Icon } from '@portal/icons';
import { Button } from '../Button/Button.tsx';
import { Spinner } from '../Spinner/Spinner.tsx';
import { useControllableState } from '../internal/useControllableState.ts';
import { Segmented } from '../internal/Segmented.tsx';
import {
  Body,
  Footer,
  Header,
  Root,
  State,
  Table,
  TableRegion,
  Title,
} from './MetricChart.styles.ts';
import { Plot } from './Plot.tsx';
import {
  alignSeries,
  describeChart,
  formatTime,
  formatValue,
  hasData,
  METRIC_RANGES,
  RANGE_LABEL,
  UNIT_NAME,
  type MetricRange,
  type MetricSeries,
} from './format.ts';

const RANGE_OPTIONS = METRIC_RANGES.map((value) => ({ value, label: value }));

export interface MetricChartProps {
  /** What is measured, e.g. "CPU usage"; the chart's heading. */
  title: string;
  /** The lines; series with different units get their own scale (the first two an axis each). */
  series: MetricSeries[];
  /** The selected time window (controlled). The chart shows the points it is given. */
  range?: MetricRange;
  /** The window at first (uncontrolled); defaults to `24h`. */
  defaultRange?: MetricRange;
  /** Called when the user picks a range: fetch that window's points. */
  onRangeChange?: (range: MetricRange) => void;
  /** Offer the range picker (default true); false for series that are not a time window. */
  rangePicker?: boolean;
  /** Points are being fetched: a spinner instead of the chart. */
  loading?: boolean;
  /** Fetching failed: this message instead of the chart. */
  error?: ReactNode;
  /** With `error`, a Retry button calls this. */
  onRetry?: () => void;
  /** Shown when no series has a point. */
  emptyMessage?: ReactNode;
  /** Height of the plot with its axes, px; the legend adds its own. Defaults to 220. */
  height?: number;
  /** Heading level of the title; defaults to 3. */
  headingLevel?: 2 | 3 | 4;
  /** IANA time zone of the axis, legend and table times (e.g. "UTC"); defaults to the browser's. */
  timeZone?: string;
  className?: string;
}

/**
 * A time-series chart (uPlot on a canvas) with a range picker, a legend showing values at the
 * cursor (the latest when away), and for assistive technology a one-sentence summary per series
 * (minimum, average, maximum, latest) plus a data table, which "Show as table" also shows on
 * screen.
 */
export function MetricChart({
  title,
  series,
  range: rangeProp,
  defaultRange = '24h',
  onRangeChange,
  rangePicker = true,
  loading = false,
  error,
  onRetry,
  emptyMessage = 'No data for this period.',
  height = 220,
  headingLevel = 3,
  timeZone,
  className,
}: MetricChartProps) {
  const [range, setRange] = useControllableState<MetricRange>({
    value: rangeProp,
    defaultValue: defaultRange,
    onChange: onRangeChange,
  });
  const [tableShown, setTableShown] = useState(false);
  const titleId = useId();
  const tableId = useId();
  const summary = useMemo(
    () => describeChart(title, series, rangePicker ? range : undefined),
    [title, series, range, rangePicker],
  );
  const failed = error !== undefined && error !== null && error !== false;
  const ready = !loading && !failed && hasData(series);

  let body: ReactNode;
  if (loading) {
    body = (
      <State $height={height}>
        <Spinner label={`Loading ${title}`} />
      </State>
    );
  } else if (failed) {
    body = (
      <State $height={height} data-tone="error">
        <Icon path={mdiAlertCircleOutline} size={28} />
        <span>{error}</span>
        {onRetry && (
          <Button size="small" variant="outlined" onClick={onRetry}>
            Retry
          </Button>
        )}
      </State>
    );
  } else if (!ready) {
    body = (
      <State $height={height}>
        <Icon path={mdiChartLine} size={28} />
        <span>{emptyMessage}</span>
      </State>
    );
  } else {
    body = <Plot series={series} height={height} label={summary} timeZone={timeZone} />;
  }

  return (
    <Root className={className} role="group" aria-labelledby={titleId}>
      <Header>
        <Title as={`h${headingLevel}`} id={titleId}>
          {title}
        </Title>
        {rangePicker && (
          <Segmented label="Time range" options={RANGE_OPTIONS} value={range} onChange={setRange} />
        )}
      </Header>
      <Body $height={height} aria-busy={loading || undefined}>
        {body}
      </Body>
      {ready && (
        <>
          <Footer>
            <Button
              size="small"
              variant="text"
              aria-pressed={tableShown}
              aria-controls={tableId}
              onClick={() => setTableShown(!tableShown)}
            >
              Show as table
            </Button>
          </Footer>
          <TableRegion
            id={tableId}
            data-visible={tableShown}
            // Scrollable when shown, so it must take focus; hidden, it must not.
            tabIndex={tableShown ? 0 : undefined}
            role={tableShown ? 'region' : undefined}
            aria-label={tableShown ? `${title}: data` : undefined}
          >
            <DataTable
              title={title}
              series={series}
              range={rangePicker ? range : undefined}
              timeZone={timeZone}
            />
          </TableRegion>
        </>
      )}
    </Root>
  );
}

function DataTable({
  title,
  series,
  range,
  timeZone,
}: {
  title: string;
  series: readonly MetricSeries[];
  /** Named in the caption; none when the chart has no range picker. */
  range: MetricRange | undefined;
  timeZone: string | undefined;
}) {
  const [times, ...columns] = useMemo(() => alignSeries(series), [series]);
  return (
    <Table>
      <caption>{range ? `${title}, ${RANGE_LABEL[range]}` : title}</caption>
      <thead>
        <tr>
          <th scope="col">Time</th>
          {series.map((s) => (
            <th key={s.label} scope="col">
              {s.label} ({UNIT_NAME[s.unit]})
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {times.map((t, row) => (
          <tr key={t}>
            <th scope="row">{formatTime(t * 1000, timeZone)}</th>
            {series.map((s, col) => (
              <td key={s.label}>{formatValue(columns[col]?.[row], s.unit)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
