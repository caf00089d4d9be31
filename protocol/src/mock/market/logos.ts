/**
 * Instrument logos, drawn rather than stored: a coloured disc with the instrument's mark (the
 * base of a pair, or the ticker), so every listed instrument has a logo at the URL its trade
 * list entry names, and two instruments rarely look alike.
 */
import { CATALOGUE, LOGOS_PATH } from './catalogue.js';

/** The mark written on a logo: the base of a pair (`EUR/USD` → EUR), else the code's start. */
export function logoMark(code: string, showCode: string): string {
  const [base] = showCode.split('/');
  const mark = base && base !== showCode ? base : code;
  return mark.slice(0, 4);
}

/** A hue (0–359) that depends only on `code`: the same instrument keeps its colour. */
function hueOf(code: string): number {
  let hash = 0;
  for (const char of code) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/** The SVG logo of an instrument. White text on a disc dark enough for it (lightness 34 %). */
export function logoSvg(code: string, showCode: string): string {
  const mark = escapeXml(logoMark(code, showCode));
  // Longer marks get smaller type so they stay inside the disc.
  const size = mark.length <= 2 ? 26 : mark.length === 3 ? 21 : 16;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    `<circle cx="32" cy="32" r="32" fill="hsl(${hueOf(code)}, 55%, 34%)"/>` +
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" fill="#fff" font-size="${size}" ` +
    `font-weight="700" font-family="system-ui, sans-serif">${mark}</text></svg>`
  );
}

const LOGO_FILE = /^([A-Z0-9]{1,16})\.svg$/;

const svgByCode = new Map<string, string>(
  CATALOGUE.map(({ instrument }) => [
    instrument.Code,
    logoSvg(instrument.Code, instrument.ShowCode),
  ]),
);

/**
 * The logo a GET of `pathname` asks for (`/uploads/logos/EURUSD.svg`), or `undefined` when the
 * path is not a logo of a listed instrument.
 */
export function logoAt(pathname: string): string | undefined {
  if (!pathname.startsWith(LOGOS_PATH)) return undefined;
  const match = LOGO_FILE.exec(pathname.slice(LOGOS_PATH.length));
  return match?.[1] === undefined ? undefined : svgByCode.get(match[1]);
}
