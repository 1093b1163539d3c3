import type { HTMLAttributes } from 'react';
import { SpinnerGraphic } from '../internal/SpinnerGraphic.tsx';
import { Root, Text } from './Spinner.styles.ts';

const sizes = { small: 16, medium: 24, large: 40 } as const;

export interface SpinnerProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** What is loading, read out by screen readers ("Loading virtual machines"). */
  label: string;
  /** 16, 24 (default) or 40 px. */
  size?: keyof typeof sizes;
  /** Also show the label next to the ring. Defaults to false (screen readers only). */
  showLabel?: boolean;
}

/** A loading indicator: a live `status` region whose text is the label. */
export function Spinner({ label, size = 'medium', showLabel = false, ...rest }: SpinnerProps) {
  return (
    <Root role="status" {...rest}>
      <SpinnerGraphic size={sizes[size]} />
      <Text data-visible={showLabel}>{label}</Text>
    </Root>
  );
}
