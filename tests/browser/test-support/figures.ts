import type { Page } from 'playwright-core';

/** A figure on screen that does not read as one piece, and why. */
export interface BrokenFigure {
  readonly text: string;
  readonly problem: 'wraps' | 'overflows the screen' | 'is cut';
}

/**
 * The figures (`.num`) on show that break: spread over more than one line, sticking out of the
 * screen, or cut by their own box. Hidden screens (kept-alive, not on show) are left out.
 */
export function brokenFigures(page: Page): Promise<BrokenFigure[]> {
  return page.evaluate(() => {
    const broken: { text: string; problem: 'wraps' | 'overflows the screen' | 'is cut' }[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('.num')) {
      const box = element.getBoundingClientRect();
      const text = element.textContent?.trim() ?? '';
      if (box.width === 0 || box.height === 0 || text === '') continue;
      // The lines its text is laid out on: fragments whose tops differ by half a line or more.
      const range = document.createRange();
      range.selectNodeContents(element);
      const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight) || box.height;
      const tops: number[] = [];
      for (const fragment of range.getClientRects()) {
        if (fragment.width === 0) continue;
        if (tops.every((top) => Math.abs(top - fragment.top) >= lineHeight / 2)) {
          tops.push(fragment.top);
        }
      }
      if (tops.length > 1) broken.push({ text, problem: 'wraps' });
      else if (box.left < -1 || box.right > window.innerWidth + 1) {
        broken.push({ text, problem: 'overflows the screen' });
      } else if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) {
        broken.push({ text, problem: 'is cut' });
      }
    }
    return broken;
  });
}
