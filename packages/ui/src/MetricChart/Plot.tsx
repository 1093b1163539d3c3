import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useColorScheme } from '../internal/useColorScheme.ts';
import { PlotFrame } from './MetricChart.styles.ts';
import {
  alignSeries,
  BYTE_INCREMENTS,
  formatTick,
  formatTime,
  formatValue,
  type MetricSeries,
  type MetricUnit,
} from './format.ts';

let canvasSupport: boolean | undefined;

/**
 * Whether uPlot can draw here: a browser with `matchMedia`, `ResizeObserver` and a 2D canvas.
 * False on the server and under happy-dom/jsdom, where the chart keeps its accessible summary.
 */
export function canDrawCharts(): boolean {
  if (canvasSupport === undefined) {
    try {
      canvasSupport =
        typeof window !== 'undefined' &&
        typeof window.matchMedia === 'function' &&
        typeof ResizeObserver === 'function' &&
        document.createElement('canvas').getContext('2d') !== null;
    } catch {
      canvasSupport = false;
    }
  }
  return canvasSupport;
}

/** Series colours, in order (`--ui-color-chart-N`): blue, orange, purple, red, green, teal. */
const PALETTE = [1, 2, 3, 4, 5, 6] as const;
/** Half the window drawn around a lone time, s (one point, or every point at one time). */
const LONE_TIME_PAD_S = 30 * 60;
/** Least room between x-axis labels, px: "10:22am" never runs into "10:23am". */
const X_LABEL_SPACE = 96;

interface PlotTheme {
  text: string;
  textSecondary: string;
  grid: string;
  surface: string;
  font: string;
  series: string[];
}

/** The tokens' computed values where the chart is, so scoped themes (docs pages) work too. */
function readTheme(element: Element): PlotTheme {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) =>
    style.getPropertyValue(`--ui-${name}`).trim() || fallback;
  return {
    text: token('color-text', '#1f2328'),
    textSecondary: token('color-text-secondary', '#5b6168'),
    grid: token('color-border', '#dde1e6'),
    surface: token('color-surface', '#ffffff'),
    font: token('font-family', 'sans-serif'),
    series: PALETTE.map((n) => token(`color-chart-${n}`, '#1e88e5')),
  };
}

/** `#rrggbb` with an alpha, for the area under a single series. */
const withAlpha = (color: string, alpha: number) => {
  const match = /^#([0-9a-f]{6})$/i.exec(color);
  if (!match?.[1]) return 'transparent';
  const n = parseInt(match[1], 16);
  return `rgb(${(n >> 16) & 255} ${(n >> 8) & 255} ${n & 255} / ${alpha})`;
};

const lastIndex = (values: ArrayLike<number | null | undefined> | undefined) => {
  if (!values) return null;
  for (let i = values.length - 1; i >= 0; i--) if (values[i] != null) return i;
  return null;
};

type Spec = [label: string, unit: MetricUnit];

function buildOptions(
  specs: readonly Spec[],
  theme: PlotTheme,
  width: number,
  height: number,
  timeZone: string | undefined,
): uPlot.Options {
  const units = [...new Set(specs.map(([, unit]) => unit))];
  const font = `12px ${theme.font}`;
  // The data's own span. A lone time gets an hour around it: uPlot widens it by 86,400 / 1e-3 s
  // (its "one day" in ms, taken as seconds), some 1,000 days.
  const scales: uPlot.Scales = {
    x: {
      time: true,
      range: (self, min, max) => {
        const times = self.data[0];
        const first = times[0];
        const last = times[times.length - 1];
        if (first == null || last == null) return [min, max];
        return first === last ? [first - LONE_TIME_PAD_S, last + LONE_TIME_PAD_S] : [first, last];
      },
    },
  };
  for (const unit of units) {
    scales[unit] =
      unit === 'percent'
        ? { range: [0, 100] }
        : { range: (_self, _min, max) => [0, max > 0 ? max * 1.1 : 1] };
  }
  const axis = (): uPlot.Axis => ({
    stroke: theme.textSecondary,
    font,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1, size: 4 },
  });
  // Legend values: at the cursor, or the latest point when the cursor is away.
  const legendIndex = (self: uPlot, seriesIdx: number, idx: number | null) =>
    idx ?? lastIndex(self.data[seriesIdx]);

  return {
    width,
    height,
    ...(timeZone ? { tzDate: (ts: number) => uPlot.tzDate(new Date(ts * 1e3), timeZone) } : {}),
    scales,
    axes: [
      { ...axis(), space: X_LABEL_SPACE },
      ...units.slice(0, 2).map((unit, i): uPlot.Axis => ({
        ...axis(),
        scale: unit,
        side: i === 0 ? 3 : 1,
        grid: { stroke: theme.grid, width: 1, show: i === 0 },
        values: (_self, splits) => splits.map((v) => formatTick(v, unit)),
        size: (_self, values) =>
          values?.length ? Math.max(...values.map((v) => v.length)) * 7 + 18 : 40,
        ...(unit === 'bytes' ? { incrs: BYTE_INCREMENTS } : {}),
      })),
    ],
    series: [
      {
        label: 'Time',
        value: (self, value, seriesIdx, idx) => {
          const i = legendIndex(self, seriesIdx, idx);
          const t = i === null ? value : self.data[0][i];
          return t == null ? '' : formatTime(t * 1000, timeZone);
        },
      },
      ...specs.map(([label, unit], i): uPlot.Series => {
        const stroke = theme.series[i % theme.series.length] ?? theme.text;
        return {
          label,
          scale: unit,
          stroke,
          width: 2,
          ...(specs.length === 1 ? { fill: withAlpha(stroke, 0.12) } : {}),
          // uPlot's own rule: points where they are few enough to tell apart (a lone event).
          value: (self, value, seriesIdx, idx) => {
            const at = legendIndex(self, seriesIdx, idx);
            return formatValue(at === null ? value : self.data[seriesIdx]?.[at], unit);
          },
        };
      }),
    ],
    legend: { show: true, live: true },
    cursor: {
      drag: { x: false, y: false, setScale: false },
      points: { size: 8, width: 2, fill: theme.surface },
    },
  };
}

export interface PlotProps {
  series: readonly MetricSeries[];
  /** Height of the plot area with axes, px (the legend adds its own). */
  height: number;
  /** The chart in words: the canvas is an image with this name. */
  label: string;
  timeZone?: string;
}

/**
 * uPlot in React: created on mount (and again when the series' names/units, size or theme
 * change), `setData` on new points, resized with its container, destroyed on unmount.
 */
export function Plot({ series, height, label, timeZone }: PlotProps) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const scheme = useColorScheme(element);
  const plotRef = useRef<uPlot | null>(null);
  const dataRef = useRef<uPlot.AlignedData>([[]]);
  const data = useMemo(() => alignSeries(series), [series]);
  const specKey = JSON.stringify(series.map(({ label: name, unit }): Spec => [name, unit]));
  const specs = useMemo(() => JSON.parse(specKey) as Spec[], [specKey]);

  useEffect(() => {
    dataRef.current = data;
    const plot = plotRef.current;
    if (plot && plot.series.length === data.length) plot.setData(data);
  }, [data]);

  useEffect(() => {
    if (!element || !canDrawCharts()) return;
    const options = buildOptions(specs, readTheme(element), element.clientWidth, height, timeZone);
    const plot = new uPlot(options, dataRef.current, element);
    plotRef.current = plot;
    const observer = new ResizeObserver(() => {
      const width = element.clientWidth;
      if (width > 0 && width !== plot.width) plot.setSize({ width, height });
    });
    observer.observe(element);
    // The y axis is as wide as its labels, measured in the canvas with the font: measure again
    // once the bundled font has loaded, or a first draw in the fallback font would stay.
    const fonts = typeof document.fonts === 'undefined' ? undefined : document.fonts;
    const remeasure = () => plot.redraw(false, true);
    fonts?.addEventListener('loadingdone', remeasure);
    void fonts?.ready.then(() => {
      if (plotRef.current === plot) remeasure();
    });
    return () => {
      fonts?.removeEventListener('loadingdone', remeasure);
      observer.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
    // `scheme`: rebuilt with the new theme's colours when `data-theme` changes.
  }, [element, specs, height, timeZone, scheme]);

  return <PlotFrame ref={setElement} role="img" aria-label={label} $height={height} />;
}
