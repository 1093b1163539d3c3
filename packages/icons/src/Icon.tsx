import { useId, type CSSProperties } from 'react';

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

// The markup is the one `@mdi/react` drew (ADR 043): its webpack bundle and prop-types cost every
// page's first download about 2 KB gzipped for a few lines.
const SPIN_KEYFRAMES =
  '@keyframes spin { from { transform: rotate(0deg) } to { transform: rotate(360deg) } }';

/** An SVG icon from a path string (Material Design Icons or the custom set). */
export function Icon({
  path,
  size = 24,
  color = 'currentColor',
  title,
  rotate = 0,
  spin = false,
  className,
  style,
}: IconProps) {
  const id = useId();
  const length = typeof size === 'number' ? `${size}px` : size;
  const svgStyle: CSSProperties = { flexShrink: 0, ...style, width: length, height: length };
  if (rotate !== 0) {
    svgStyle.transform = `rotate(${rotate}deg)`;
    svgStyle.transformOrigin = 'center';
  }
  const titleId = `icon_labelledby_${id}`;
  const shape = <path d={path} style={{ fill: color }} />;
  return (
    <svg
      viewBox="0 0 24 24"
      style={svgStyle}
      role={title ? 'img' : 'presentation'}
      aria-labelledby={title ? titleId : undefined}
      aria-hidden={title ? undefined : true}
      className={className}
    >
      {title && <title id={titleId}>{title}</title>}
      {spin && <style>{SPIN_KEYFRAMES}</style>}
      {spin ? (
        <g style={{ animation: 'spin linear 2s infinite', transformOrigin: 'center' }}>
          {shape}
          {rotate === 0 && <rect width="24" height="24" fill="transparent" />}
        </g>
      ) : (
        shape
      )}
    </svg>
  );
}
