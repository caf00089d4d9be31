import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import { requestEnded } from '../state/network.js';
import { reloadForLoad } from './reload-for-load.js';

/** How to give each screen whose chunk failed to load a fresh load. */
const failedLoads = new Set<() => void>();

/** What a load resolves to while the page reloads: nothing, ever. */
const pageGoing = () => new Promise<never>(() => {});

/**
 * A screen loaded on first render, like `React.lazy`, but one whose chunk failed to load (the
 * phone had no signal, say) can load it again: `React.lazy` keeps a failed load's error for the
 * page's life, so the screen would stay broken until a full reload. The failure still reaches
 * the screen's error boundary; `renewFailedScreens()` (the boundary's retry) makes the next
 * render start a new `import()`, which the browser fetches again.
 *
 * Not every browser does: some (Chromium 150 among them) keep a failed `import()`, and the
 * chunks it imports, for the page's life, and a deploy may have replaced the chunk. A retry
 * that fails while the connection answers, or a screen whose style failed (Vite never loads
 * that again), reloads the page instead, once a minute at most for the same failure: the page's
 * own files come afresh (from the service worker's copy when it has one).
 */
export function retryableLazy(load: () => Promise<{ default: ComponentType }>): ComponentType {
  let current: LazyExoticComponent<ComponentType>;
  let failedBefore = false;
  /**
   * The screen's style failed to load (Vite's preload error, which the load rejects with):
   * Vite's loader never asks for it again in this page, so a screen loaded in place would show
   * unstyled.
   */
  let styleFailed: unknown;
  const renew = () => {
    current = lazy(attempt);
  };
  const attempt = async () => {
    if (styleFailed && reloadForLoad(String(styleFailed))) return pageGoing();
    try {
      const screen = await load();
      failedBefore = false;
      return screen;
    } catch (error) {
      // Not renewed here: the render after the failure must meet the error, or it would load
      // again at once, for ever, while there is no signal.
      failedLoads.add(renew);
      // Nothing answered this load: the next answer, or the socket's return, retries it.
      requestEnded(false);
      if (String(error).includes('preload CSS')) styleFailed = error;
      if (failedBefore && reloadForLoad(String(error))) return pageGoing();
      failedBefore = true;
      throw error;
    }
  };
  renew();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route at module level, never while rendering.
  return function RetryableScreen() {
    return createElement(current);
  };
}

/** Gives every screen whose chunk failed to load a new load at its next render. */
export function renewFailedScreens(): void {
  for (const renew of failedLoads) renew();
  failedLoads.clear();
}
