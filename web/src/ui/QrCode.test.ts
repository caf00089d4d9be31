import jsQR from 'jsqr';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QR_QUIET_ZONE, QrCode } from './QrCode.js';

/** The code as rendered: its attributes, its size in modules and its dark modules. */
function rendered(props: Parameters<typeof QrCode>[0]) {
  const markup = renderToStaticMarkup(createElement(QrCode, props));
  const attribute = (name: string) => markup.match(new RegExp(`<svg[^>]* ${name}="([^"]*)"`))?.[1];
  const modules = Number(attribute('viewBox')?.split(' ')[2]);
  // The second path is the dark one: runs of modules, `M x y h w v1 H x z`, per row.
  const dark = [...markup.matchAll(/<path[^>]* d="([^"]*)"/g)][1]?.[1] ?? '';
  const isDark = new Set<string>();
  for (const [, x, y, w] of dark.matchAll(/M(\d+)[ ,](\d+) ?h(\d+)/g)) {
    for (let i = 0; i < Number(w); i++) isDark.add(`${Number(x) + i},${y}`);
  }
  return { markup, attribute, modules, dark: (x: number, y: number) => isDark.has(`${x},${y}`) };
}

/** What a camera would see: the modules drawn 4 px each, black on white, as RGBA. */
function scan(code: ReturnType<typeof rendered>): string | undefined {
  const scale = 4;
  const side = code.modules * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let py = 0; py < side; py++) {
    for (let px = 0; px < side; px++) {
      if (!code.dark(Math.floor(px / scale), Math.floor(py / scale))) continue;
      const at = (py * side + px) * 4;
      pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
    }
  }
  return jsQR(pixels, side, side)?.data;
}

/**
 * The error correction level the code's format information names: bits 14 and 13 of the 15-bit
 * format string, beside the top-left finder (x 0 and 1 of row 8), masked with 0b10 as the
 * standard masks them. H is 0b10, L 0b01, M 0b00, Q 0b11.
 */
function errorCorrection(code: ReturnType<typeof rendered>): 'L' | 'M' | 'Q' | 'H' {
  const at = (x: number) => (code.dark(QR_QUIET_ZONE + x, QR_QUIET_ZONE + 8) ? 1 : 0);
  const bits = ((at(0) << 1) | at(1)) ^ 0b10;
  return (['M', 'L', 'H', 'Q'] as const)[bits] as 'L' | 'M' | 'Q' | 'H';
}

describe('QrCode', () => {
  const link = 'https://pipstream.example/#/register?invite_code=ABC123';

  it('carries its value: a reader scanning it reads the same text', () => {
    expect(scan(rendered({ value: link, label: 'QR code of the invite link' }))).toBe(link);
    const address = '0x9f8e7d6c5b4a39281706f5e4d3c2b1a098765432';
    expect(scan(rendered({ value: address, label: 'address' }))).toBe(address);
  });

  it('uses error correction level H', () => {
    expect(errorCorrection(rendered({ value: link, label: 'x' }))).toBe('H');
  });

  it('is 200 px unless a screen asks for another size, and names itself for screen readers', () => {
    const code = rendered({ value: link, label: 'QR code of the invite link' });
    expect(code.attribute('width')).toBe('200');
    expect(code.attribute('height')).toBe('200');
    expect(code.attribute('role')).toBe('img');
    expect(code.attribute('aria-label')).toBe('QR code of the invite link');
    expect(code.attribute('data-value')).toBe(link.replaceAll('&', '&amp;'));
    expect(rendered({ value: link, label: 'x', size: 160 }).attribute('width')).toBe('160');
  });

  it('leaves a white quiet zone of 4 modules and starts the finder pattern right after it', () => {
    const code = rendered({ value: link, label: 'x' });
    for (let i = 0; i < code.modules; i++) {
      for (let edge = 0; edge < QR_QUIET_ZONE; edge++) {
        expect(code.dark(i, edge)).toBe(false);
        expect(code.dark(edge, i)).toBe(false);
        expect(code.dark(i, code.modules - 1 - edge)).toBe(false);
      }
    }
    for (let i = 0; i < 7; i++) expect(code.dark(QR_QUIET_ZONE + i, QR_QUIET_ZONE)).toBe(true);
  });
});
