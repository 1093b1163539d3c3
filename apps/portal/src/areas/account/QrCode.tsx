import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code drawn as SVG squares (no image request, nothing leaves the page), dark on a white
 * quiet zone in both themes so that phone cameras read it. `label` is its accessible name.
 */
export function QrCode({
  value,
  label,
  size = 176,
}: {
  value: string;
  label: string;
  size?: number;
}) {
  const path = useMemo(() => {
    const { data } = encode(value, { ecc: 'M', border: 0 });
    let d = '';
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { d, modules: data.length };
  }, [value]);
  // Four modules of quiet zone on every side, as the standard asks.
  const box = path.modules + 8;
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`-4 -4 ${box} ${box}`}
      shapeRendering="crispEdges"
      style={{ background: '#fff', borderRadius: 8, flex: 'none' }}
    >
      <path d={path.d} fill="#000" />
    </svg>
  );
}
