export { Sparkline, sparklinePath, describeSparkline } from './Sparkline.tsx';
export type { SparklineProps } from './Sparkline.tsx';
