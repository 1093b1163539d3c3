import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { Grid, Hint, Label, Root, Value } from './StatTile.styles.ts';

/** `good`, `warning` and `critical` colour the figure; `neutral` (default) leaves it plain. */
export type StatTone = 'neutral' | 'good' | 'warning' | 'critical';

export interface StatTileProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** What the figure counts, e.g. "Open detections". */
  label: ReactNode;
  /** The figure, already formatted ("12", "98.7 %", "4 min"). */
  value: ReactNode;
  /** How the figure should be read; the hint should say why when it is not neutral. */
  tone?: StatTone;
  /** A line under the figure: its context ("3 critical", "of 40 contracted"). */
  hint?: ReactNode;
  /** Extra content under the hint, e.g. a Sparkline or a link. */
  footer?: ReactNode;
}

/** One headline figure with its label: a group named by the label, so it reads "label, value". */
export function StatTile({ label, value, tone = 'neutral', hint, footer, ...rest }: StatTileProps) {
  const labelId = useId();
  return (
    <Root {...rest} role="group" aria-labelledby={labelId} data-tone={tone}>
      <Label id={labelId}>{label}</Label>
      <Value>{value}</Value>
      {hint !== undefined && <Hint>{hint}</Hint>}
      {footer}
    </Root>
  );
}

/**
 * Lays StatTiles out in as many columns of at least `min` px as fit (default 176), sharing the row
 * between them: four tiles on a wide page fill it rather than leaving empty columns at its end.
 */
export function StatGrid({
  min = 176,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { min?: number }) {
  return <Grid {...rest} style={{ ...rest.style, ['--_min' as string]: `${min}px` }} />;
}
