export { Meter, meterLevel } from './Meter.tsx';
export type { MeterLevel, MeterProps } from './Meter.tsx';
