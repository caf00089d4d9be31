import { encode } from 'uqr';

/** SPEC §9: QR codes use error correction level H (they survive a scuffed or dim screen). */
export const QR_ERROR_CORRECTION = 'H';

/** Modules of white around the code: the QR standard's quiet zone, so any reader finds it. */
export const QR_QUIET_ZONE = 4;

export interface QrPath {
  /** Modules per side, quiet zone included: the SVG's viewBox is `0 0 size size`. */
  readonly size: number;
  /** One SVG path drawing every dark module as a 1×1 square. */
  readonly d: string;
}

/**
 * The dark modules of `text`'s QR code (level H) as one SVG path. One path instead of a rect
 * per module keeps a code of a few thousand modules a single cheap DOM node.
 */
export function qrPath(text: string): QrPath {
  const { data, size } = encode(text, { ecc: QR_ERROR_CORRECTION, border: QR_QUIET_ZONE });
  let d = '';
  for (let y = 0; y < size; y++) {
    const row = data[y] ?? [];
    for (let x = 0; x < size; x++) {
      // Runs of dark modules on a row become one rectangle.
      if (!row[x]) continue;
      let end = x;
      while (row[end + 1]) end++;
      d += `M${x} ${y}h${end - x + 1}v1h${-(end - x + 1)}z`;
      x = end;
    }
  }
  return { size, d };
}
