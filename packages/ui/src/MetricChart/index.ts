export { MetricChart } from './MetricChart.tsx';
export type { MetricChartProps } from './MetricChart.tsx';
export {
  describeChart,
  formatValue,
  METRIC_RANGES,
  RANGE_LABEL,
  RANGE_MS,
  summarizeSeries,
} from './format.ts';
export type { MetricRange, MetricSeries, MetricUnit, SeriesSummary } from './format.ts';
