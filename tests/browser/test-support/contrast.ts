import type { Locator, Page } from 'playwright-core';

/** WCAG AA for body text: what every text of the app reaches, in both themes. */
export const AA = 4.5;

/** A colour as red, green, blue (0–255) and alpha (0–1). */
export type Rgba = readonly [number, number, number, number];

/** A computed CSS colour (`rgb(…)`, `rgba(…)`) as numbers. */
export function parseColour(css: string): Rgba {
  const parts = css.match(/[\d.]+/g)?.map(Number) ?? [];
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
}

/** `top` painted at `alpha` (times its own alpha) over the opaque `under`. */
export function over(top: Rgba, under: Rgba, alpha = 1): Rgba {
  const a = top[3] * alpha;
  return [
    top[0] * a + under[0] * (1 - a),
    top[1] * a + under[1] * (1 - a),
    top[2] * a + under[2] * (1 - a),
    1,
  ];
}

function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG 2 contrast ratio of two opaque colours. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The lowest contrast ratio (WCAG 2) of a quote's price text against what is behind it, over
 * the whole flash of one move: sampled every frame from the moment the flash is fully lit until
 * it has faded out. `cell` is the price's cell (`.quote-price-cell`), holding the price and its
 * flash overlay. Colours are the ones the browser computes, the overlay composited at its
 * current opacity over the first opaque background behind the row, and over the text too when
 * it paints above it (a non-negative z-index).
 */
export async function lowestFlashContrast(cell: Locator, timeoutMs = 5000): Promise<number> {
  const { backdrop, frames } = await cell.evaluate(
    (element, timeout) =>
      new Promise<{
        backdrop: string;
        frames: { fill: string; opacity: number; zIndex: string; text: string }[];
      }>((resolve, reject) => {
        const price = element.querySelector<HTMLElement>('.quote-price');
        const overlay = element.querySelector<HTMLElement>('.quote-flash');
        if (!price || !overlay) return reject(new Error('no price or overlay in the cell'));
        let backdrop = 'rgb(255, 255, 255)';
        for (let node: Element | null = element; node; node = node.parentElement) {
          const colour = getComputedStyle(node).backgroundColor;
          if (colour.startsWith('rgb(')) {
            backdrop = colour;
            break;
          }
        }
        const frames: { fill: string; opacity: number; zIndex: string; text: string }[] = [];
        let lit = false;
        const started = performance.now();
        const sample = () => {
          const style = getComputedStyle(overlay);
          const opacity = Number(style.opacity);
          if (opacity > 0.99) lit = true;
          if (lit) {
            const text = getComputedStyle(price).color;
            frames.push({ fill: style.backgroundColor, opacity, zIndex: style.zIndex, text });
            if (opacity === 0) return resolve({ backdrop, frames });
          }
          if (performance.now() - started > timeout) {
            return reject(new Error(lit ? 'the flash did not fade' : 'the price did not flash'));
          }
          requestAnimationFrame(sample);
        };
        sample();
      }),
    timeoutMs,
  );
  const under = parseColour(backdrop);
  const ratios = frames.map(({ fill, opacity, zIndex, text }) => {
    const tint = parseColour(fill);
    const behind = over(tint, under, opacity);
    const index = Number.parseInt(zIndex, 10);
    const aboveText = Number.isNaN(index) || index >= 0;
    const seen = aboveText
      ? over(tint, over(parseColour(text), behind), opacity)
      : parseColour(text);
    return contrastRatio(seen, behind);
  });
  return Math.min(...ratios);
}

/** A text on screen below the contrast asked for. */
export interface PoorContrast {
  readonly text: string;
  readonly ratio: number;
  readonly colour: string;
  readonly background: string;
}

/** What the page reports of one text: its colour and the backgrounds behind it, nearest first. */
interface TextSample {
  readonly text: string;
  readonly colour: string;
  /** The element's own opacity times its ancestors'. */
  readonly opacity: number;
  /** Each ancestor's background colour, and the colours of its gradient if it has one. */
  readonly layers: { readonly colour: string; readonly gradient: readonly string[] }[];
}

/**
 * Every text on screen whose contrast with what is behind it is below `minimum`: the text's
 * computed colour (at its opacity) over its backgrounds composited from the page's own
 * upward, a gradient counted at its worst stop. Texts of disabled controls are left out, as
 * WCAG leaves them out; so are texts drawn on a canvas or inside an image.
 */
export async function poorContrastTexts(page: Page, minimum = AA): Promise<PoorContrast[]> {
  const samples: TextSample[] = await page.evaluate(() => {
    const found: TextSample[] = [];
    const owns = (element: Element) =>
      [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
    for (const element of document.body.querySelectorAll('*')) {
      if (!owns(element) || element.closest('svg, :disabled, [aria-disabled="true"]')) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      let opacity = 1;
      const layers: { colour: string; gradient: string[] }[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        opacity *= Number(style.opacity);
        layers.push({
          colour: style.backgroundColor,
          gradient: style.backgroundImage.match(/rgba?\([^)]*\)/g) ?? [],
        });
      }
      const text = (element.textContent ?? '').trim().slice(0, 40);
      found.push({ text, colour: getComputedStyle(element).color, opacity, layers });
    }
    return found;
  });
  const poor: PoorContrast[] = [];
  for (const sample of samples) {
    for (const background of backgroundsOf(sample.layers)) {
      const seen = over(parseColour(sample.colour), background, sample.opacity);
      const ratio = contrastRatio(seen, background);
      if (ratio < minimum) {
        const shown = `rgb(${background.slice(0, 3).map(Math.round).join(', ')})`;
        poor.push({ text: sample.text, ratio, colour: sample.colour, background: shown });
        break;
      }
    }
  }
  return poor;
}

/**
 * The opaque backgrounds a text may sit on: its layers composited from the farthest (the
 * canvas, white unless a layer covers it) to the nearest, one result per gradient stop.
 */
function backgroundsOf(layers: TextSample['layers']): Rgba[] {
  let results: Rgba[] = [[255, 255, 255, 1]];
  for (const layer of [...layers].reverse()) {
    // A box paints its colour first, its image (a gradient here) over it.
    const fill = parseColour(layer.colour);
    if (fill[3] > 0) results = results.map((under) => over(fill, under));
    if (layer.gradient.length > 0) {
      const stops = layer.gradient.map(parseColour);
      results = results.flatMap((under) => stops.map((stop) => over(stop, under)));
    }
  }
  return results;
}
