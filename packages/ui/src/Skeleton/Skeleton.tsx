import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { Group, HiddenLabel, Lines, Shape } from './Skeleton.styles.ts';

/** `text` lines, a `rect` (images, charts, cards) or a `circle` (avatars, icons). */
export type SkeletonVariant = 'text' | 'rect' | 'circle';

export interface SkeletonProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** Shape; defaults to `text`. */
  variant?: SkeletonVariant;
  /** Number of text lines (`text` only); the last line is shorter. Defaults to 1. */
  lines?: number;
  /** Width: pixels or any CSS length. Defaults to 100% (`text`, `rect`) or `height` (`circle`). */
  width?: number | string;
  /** Height: pixels or any CSS length. Defaults to 1 line (`text`), 120 px (`rect`), 40 px (`circle`). */
  height?: number | string;
}

const size = (value: number | string | undefined) =>
  typeof value === 'number' ? `${value}px` : value;

/**
 * A placeholder in the shape of content that is loading. Decorative: hidden from assistive
 * technology; wrap a loading area in `SkeletonGroup` to announce "Loading" once. The shimmer stops
 * under reduced motion.
 */
export function Skeleton({
  variant = 'text',
  lines = 1,
  width,
  height,
  style,
  ...rest
}: SkeletonProps) {
  if (variant === 'text') {
    return (
      <Lines {...rest} aria-hidden="true" style={{ width: size(width), ...style }}>
        {Array.from({ length: Math.max(1, lines) }, (_, i) => (
          <Shape
            key={i}
            data-variant="text"
            style={{
              height: size(height),
              width: lines > 1 && i === lines - 1 ? '60%' : undefined,
            }}
          />
        ))}
      </Lines>
    );
  }
  const h = size(height) ?? (variant === 'circle' ? '40px' : '120px');
  const shape: CSSProperties = {
    width: size(width) ?? (variant === 'circle' ? h : '100%'),
    height: h,
  };
  return (
    <Shape {...rest} aria-hidden="true" data-variant={variant} style={{ ...shape, ...style }} />
  );
}

export interface SkeletonGroupProps extends HTMLAttributes<HTMLDivElement> {
  /** Announced once for the whole area (visually hidden). Defaults to "Loading". */
  label?: string;
  /** The `Skeleton`s, laid out in a column with small gaps, or any layout of your own. */
  children: ReactNode;
}

/**
 * A loading area: a polite `status` region with a visually hidden label, around
 * decorative `Skeleton`s.
 */
export function SkeletonGroup({ label = 'Loading', children, ...rest }: SkeletonGroupProps) {
  return (
    <Group role="status" {...rest}>
      <HiddenLabel>{label}</HiddenLabel>
      {children}
    </Group>
  );
}
