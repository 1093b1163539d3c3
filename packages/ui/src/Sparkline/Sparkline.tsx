import type { SVGAttributes } from 'react';
import type { ColorKind } from '../theme/theme.ts';
import { Svg } from './Sparkline.styles.ts';

/** The SVG path of `values` in a `width` × `height` box; gaps (`null`) break the line. */
export function sparklinePath(values: readonly (number | null)[], width: number, height: number) {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (present.length === 0) return '';
  const min = Math.min(...present);
  const max = Math.max(...present);
  const span = max - min || 1;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  // One pixel of margin so that the stroke is not cut at the top and bottom.
  const y = (v: number) => 1 + (height - 2) * (1 - (max === min ? 0.5 : (v - min) / span));
  let path = '';
  let pen = false;
  values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) {
      pen = false;
      return;
    }
    const x = values.length > 1 ? i * step : width / 2;
    path += `${pen ? 'L' : 'M'}${x.toFixed(1)} ${y(v).toFixed(1)}`;
    pen = true;
  });
  return path;
}

/** "min 12 ms, max 140 ms, latest 31 ms" for assistive technology, or "no data". */
export function describeSparkline(
  values: readonly (number | null)[],
  format: (value: number) => string = String,
) {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  const latest = present.at(-1);
  if (latest === undefined) return 'no data';
  return `min ${format(Math.min(...present))}, max ${format(Math.max(...present))}, latest ${format(latest)}`;
}

export interface SparklineProps extends Omit<
  SVGAttributes<SVGSVGElement>,
  'values' | 'children' | 'format'
> {
  /** The points, oldest first; `null` is a gap (no measurement). */
  values: readonly (number | null)[];
  /** What the line shows, e.g. "Response time, last 24 h"; with the figures, its accessible name. */
  label: string;
  /** Formats the figures read out (min, max, latest), e.g. `(v) => \`${v} ms\``. */
  format?: (value: number) => string;
  /** Width and height in px; default 96 × 24. */
  width?: number;
  height?: number;
  /** The line's colour family; defaults to `primary`. */
  tone?: ColorKind;
}

/** A small trend line for tables and tiles; no axes, read out as its minimum, maximum and latest. */
export function Sparkline({
  values,
  label,
  format,
  width = 96,
  height = 24,
  tone = 'primary',
  ...rest
}: SparklineProps) {
  const path = sparklinePath(values, width, height);
  return (
    <Svg
      {...rest}
      role="img"
      aria-label={`${label}: ${describeSparkline(values, format)}`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      data-tone={tone}
    >
      {path ? (
        <path d={path} fill="none" strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" />
      ) : (
        <line x1={0} x2={width} y1={height / 2} y2={height / 2} strokeDasharray="2 3" />
      )}
    </Svg>
  );
}
