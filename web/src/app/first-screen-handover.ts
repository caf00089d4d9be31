/**
 * The first screen the gateway painted into the page (gateway/src/web/first-screen), and the
 * app taking it over. The painted rows show at once, marked delayed; the app renders its own
 * beneath them, hidden, in the same place (styles/first-screen.css), and the painted screen
 * goes once the app's rows show their figures — delayed, as the painted ones, until the
 * worker's first live tick turns them Live — so nothing moves and nothing flashes. The trade list and categories the page carried answer the app's first
 * reads (api/index.ts), so it does not ask for them again.
 */
import { FIRST_SCREEN_DATA_ID, FIRST_SCREEN_ID } from '@pipstream/protocol';
import type { CarriedLists } from '../api/index.js';

/**
 * How long the painted screen waits for the app's figures at most (this project's choice: 5 s):
 * an app that opens on no figures at all must not stay hidden.
 */
const HANDOVER_DEADLINE_MS = 5000;

/**
 * What shows that the app's first screen has its figures: a quote row painted (live, delayed or
 * closed, each saying so as the painted row did), or the trade screen's price.
 */
const APP_FIGURE = '[data-testid="quote-price"][data-state], [data-testid="trade-price"]';

/** The trade list and categories the page carried, if it carried any. */
export function carriedLists(): CarriedLists | undefined {
  const text = document.getElementById(FIRST_SCREEN_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null || !('language' in data)) return undefined;
    const { language, instruments, categories } = data as Record<string, unknown>;
    return typeof language === 'string' ? { language, instruments, categories } : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the painted screen once the app's own, in `root`, shows its figures. */
export function handOverFirstScreen(root: HTMLElement): void {
  const painted = document.getElementById(FIRST_SCREEN_ID);
  if (!painted) return;
  let done = false;
  const handOver = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(deadline);
    painted.remove();
    document.getElementById(FIRST_SCREEN_DATA_ID)?.remove();
  };
  const observer = new MutationObserver(() => {
    if (root.querySelector(APP_FIGURE)) handOver();
  });
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-state', 'class'],
  });
  const deadline = setTimeout(handOver, HANDOVER_DEADLINE_MS);
}
