import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';

/** How to give each screen whose chunk failed to load a fresh load. */
const failedLoads = new Set<() => void>();

/**
 * A screen loaded on first render, like `React.lazy`, but one whose chunk failed to load (the
 * phone was offline, say) can load it again: `React.lazy` keeps a failed load's error for the
 * page's life, so the screen would stay broken until a full reload. The failure still reaches
 * the screen's error boundary; `renewFailedScreens()` (the boundary's retry) makes the next
 * render start a new `import()`, which the browser fetches again.
 */
export function retryableLazy(load: () => Promise<{ default: ComponentType }>): ComponentType {
  let current: LazyExoticComponent<ComponentType>;
  const renew = () => {
    current = lazy(attempt);
  };
  const attempt = () =>
    load().catch((error: unknown) => {
      // Not renewed here: the render after the failure must meet the error, or it would load
      // again at once, for ever, while offline.
      failedLoads.add(renew);
      throw error;
    });
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
