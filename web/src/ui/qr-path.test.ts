import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { QR_QUIET_ZONE, qrPath } from './qr-path.js';

/** The dark modules a path draws, read back from its `M x y h w …` runs. */
function modulesOf(d: string): Set<string> {
  const dark = new Set<string>();
  for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)/g)) {
    for (let i = 0; i < Number(w); i++) dark.add(`${Number(x) + i},${y}`);
  }
  return dark;
}

describe('QR path', () => {
  const link = 'https://pipstream.example/#/register?invite_code=ABC123';

  it('draws exactly the dark modules of the level-H code', () => {
    const { data, size } = encode(link, { ecc: 'H', border: QR_QUIET_ZONE });
    const path = qrPath(link);
    expect(path.size).toBe(size);
    const expected = new Set<string>();
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) expected.add(`${x},${y}`);
      });
    });
    expect(modulesOf(path.d)).toEqual(expected);
  });

  it('uses level H: more modules than a low-correction code of the same text', () => {
    const low = encode(link, { ecc: 'L', border: QR_QUIET_ZONE });
    expect(qrPath(link).size).toBeGreaterThan(low.size);
  });

  it('leaves the quiet zone white and puts a finder pattern in the corner', () => {
    const path = qrPath('0x9f8e7d6c5b4a39281706f5e4d3c2b1a098765432');
    const dark = modulesOf(path.d);
    for (let i = 0; i < path.size; i++) {
      expect(dark.has(`${i},0`)).toBe(false);
      expect(dark.has(`0,${i}`)).toBe(false);
    }
    // The top-left finder's outer ring starts right after the quiet zone and is 7 modules wide.
    for (let i = 0; i < 7; i++)
      expect(dark.has(`${QR_QUIET_ZONE + i},${QR_QUIET_ZONE}`)).toBe(true);
  });
});
