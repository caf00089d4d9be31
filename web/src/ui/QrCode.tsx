import { useMemo } from 'react';
import { qrPath } from './qr-path.js';

export interface QrCodeProps {
  /** The text the code carries (an address, a link). */
  readonly value: string;
  /** Width and height in CSS pixels (SPEC §9: 160). */
  readonly size?: number;
  /** What the code is, for screen readers ("QR code of the invite link"). */
  readonly label: string;
}

/** A QR code (level H) drawn as SVG: dark on white whatever the theme, as readers expect. */
export function QrCode({ value, size = 160, label }: QrCodeProps) {
  const path = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${path.size} ${path.size}`}
      shapeRendering="crispEdges"
      data-value={value}
    >
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}
