import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to {
    transform: rotate(360deg);
  }
`;

const Svg = styled.svg`
  flex-shrink: 0;
  animation: ${spin} 0.9s linear infinite;
`;

/** The circle both layers draw: the faint track, and the arc that turns over it. */
const RING = {
  cx: '12',
  cy: '12',
  r: '9',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: '3',
} as const;

/** The decorative spinning ring; `Spinner` adds the status role and label. */
export function SpinnerGraphic({ size = 24, className }: { size?: number; className?: string }) {
  return (
    <Svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <circle {...RING} strokeOpacity="0.25" />
      <circle {...RING} strokeLinecap="round" strokeDasharray="16 41" />
    </Svg>
  );
}
