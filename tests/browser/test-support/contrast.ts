import type { Locator } from 'playwright-core';

/**
 * The lowest contrast ratio (WCAG 2) of a quote's price text against what is behind it, over
 * the whole flash of one move: sampled every frame from the moment the flash is fully lit until
 * it has faded out. `cell` is the price's cell (`.quote-price-cell`), holding the price and its
 * flash overlay. Colours are the ones the browser computes, the overlay composited at its
 * current opacity over the first opaque background behind the row, and over the text too when
 * it paints above it (a non-negative z-index).
 */
export function lowestFlashContrast(cell: Locator, timeoutMs = 5000): Promise<number> {
  return cell.evaluate(
    (element, timeout) =>
      new Promise<number>((resolve, reject) => {
        type Rgba = [number, number, number, number];
        const parse = (css: string): Rgba => {
          const parts = css.match(/[\d.]+/g)?.map(Number) ?? [];
          return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
        };
        const over = (top: Rgba, under: Rgba, alpha: number): Rgba => {
          const a = top[3] * alpha;
          return [
            top[0] * a + under[0] * (1 - a),
            top[1] * a + under[1] * (1 - a),
            top[2] * a + under[2] * (1 - a),
            1,
          ];
        };
        const luminance = ([r, g, b]: Rgba) => {
          const channel = (value: number) => {
            const c = value / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          };
          return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
        };
        const ratio = (a: Rgba, b: Rgba) => {
          const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [
            number,
            number,
          ];
          return (light + 0.05) / (dark + 0.05);
        };
        const price = element.querySelector<HTMLElement>('.quote-price');
        const overlay = element.querySelector<HTMLElement>('.quote-flash');
        if (!price || !overlay) return reject(new Error('no price or overlay in the cell'));
        let backdrop: Rgba = [255, 255, 255, 1];
        for (let node: Element | null = element; node; node = node.parentElement) {
          const colour = parse(getComputedStyle(node).backgroundColor);
          if (colour[3] === 1 && getComputedStyle(node).backgroundColor !== 'rgba(0, 0, 0, 0)') {
            backdrop = colour;
            break;
          }
        }
        const samples: number[] = [];
        let lit = false;
        const started = performance.now();
        const sample = () => {
          const style = getComputedStyle(overlay);
          const opacity = Number(style.opacity);
          if (opacity > 0.99) lit = true;
          if (lit) {
            const fill = parse(style.backgroundColor);
            const behind = over(fill, backdrop, opacity);
            const zIndex = Number.parseInt(style.zIndex, 10);
            const aboveText = Number.isNaN(zIndex) || zIndex >= 0;
            const text = parse(getComputedStyle(price).color);
            const seen = aboveText ? over(fill, over(text, behind, 1), opacity) : text;
            samples.push(ratio(seen, behind));
            if (opacity === 0) return resolve(Math.min(...samples));
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
}
