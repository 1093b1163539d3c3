import { useId, type CSSProperties } from 'react';
import * as mdiReact from '@mdi/react';

// @mdi/react ships a webpack bundle: bundlers see its named exports, Node's ESM loader (Vitest)
// only a default holding them.
const MdiIcon = mdiReact.Icon ?? (mdiReact.default as unknown as typeof mdiReact).Icon;

export interface IconProps {
  /** SVG path data on the 24-unit grid: an `@mdi/js` export or one of `customIcons`. */
  path: string;
  /** Width and height: a number of pixels or any CSS length. Defaults to 24 (px). */
  size?: number | string;
  /** Fill colour; defaults to `currentColor`, so the icon takes the text colour around it. */
  color?: string;
  /**
   * Accessible name. When given the icon is an image (`role="img"`) with that name; when absent it
   * is decorative and hidden from assistive technology.
   */
  title?: string;
  /** Rotation in degrees. */
  rotate?: number;
  /** Spin continuously (loading indicators). */
  spin?: boolean;
  className?: string;
  style?: CSSProperties;
}

/** An SVG icon from a path string (Material Design Icons or the custom set). */
export function Icon({
  path,
  size = 24,
  color = 'currentColor',
  title,
  rotate,
  spin,
  className,
  style,
}: IconProps) {
  const id = useId();
  const a11y = title ? { role: 'img' } : { 'aria-hidden': true as const };
  return (
    <MdiIcon
      {...a11y}
      id={id}
      path={path}
      size={typeof size === 'number' ? `${size}px` : size}
      color={color}
      title={title ?? null}
      rotate={rotate}
      spin={spin}
      className={className}
      style={{ flexShrink: 0, ...style }}
    />
  );
}
