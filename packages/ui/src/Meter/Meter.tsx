import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { Icon } from '@portal/icons';
import { feedbackIcons } from '../internal/feedbackIcons.ts';
import { Fill, Head, Label, Root, Track, ValueText } from './Meter.styles.ts';

/** How full a meter is: below the warning threshold, at or above it, at or above the critical one. */
export type MeterLevel = 'normal' | 'warning' | 'critical';

/** The level of `value` out of `max` for thresholds in percent; an empty `max` is normal. */
export function meterLevel(
  value: number,
  max: number,
  warningAt = 80,
  criticalAt = 100,
): MeterLevel {
  if (!(max > 0)) return value > 0 ? 'critical' : 'normal';
  const percent = (value / max) * 100;
  if (percent >= criticalAt) return 'critical';
  if (percent >= warningAt) return 'warning';
  return 'normal';
}

export interface MeterProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** What is measured, e.g. "Storage used"; the meter's accessible name. */
  label: ReactNode;
  /** The amount used. May exceed `max`: the bar is then full and marked as over. */
  value: number;
  /** The capacity (a quota, the seats contracted). */
  max: number;
  /** Percent of `max` from which the bar turns amber; defaults to 80. */
  warningAt?: number;
  /** Percent of `max` from which it turns red; defaults to 100. */
  criticalAt?: number;
  /** The figures as words, e.g. "412 GB of 500 GB"; defaults to "62 %". */
  valueText?: string;
  /** Hides the label from sight (it stays the accessible name), e.g. in a table cell. */
  hideLabel?: boolean;
  /** `small` (4 px bar, for tables) or `medium` (8 px, default). */
  size?: 'small' | 'medium';
}

/**
 * Usage against a capacity as a bar with its figures (a quota, licence seats). The colour follows
 * the thresholds and a warning or critical level also shows its icon, so colour is never the only
 * cue; assistive technology reads it as a `meter` with the figures as its value text.
 */
export function Meter({
  label,
  value,
  max,
  warningAt = 80,
  criticalAt = 100,
  valueText,
  hideLabel = false,
  size = 'medium',
  ...rest
}: MeterProps) {
  const labelId = useId();
  const percent = max > 0 ? (value / max) * 100 : value > 0 ? 100 : 0;
  const level = meterLevel(value, max, warningAt, criticalAt);
  const text = valueText ?? `${Math.round(percent)} %`;
  const icon =
    level === 'critical' ? feedbackIcons.error : level === 'warning' ? feedbackIcons.warning : null;
  return (
    <Root {...rest} data-level={level} data-size={size}>
      <Head>
        <Label id={labelId} $hidden={hideLabel}>
          {label}
        </Label>
        <ValueText aria-hidden="true">
          {icon && <Icon path={icon} size={14} />}
          {text}
        </ValueText>
      </Head>
      <Track
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={Math.max(max, 0)}
        aria-valuenow={Math.max(0, Math.min(value, Math.max(max, 0)))}
        aria-valuetext={level === 'normal' ? text : `${text} (${level})`}
        data-over={percent > 100 || undefined}
      >
        <Fill style={{ width: `${Math.max(0, Math.min(percent, 100))}%` }} />
      </Track>
    </Root>
  );
}
