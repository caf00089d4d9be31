import { createContext, useContext } from 'react';

/**
 * Whether the screen around the caller is the one on show. Kept-alive screens (`/`, `/trade`)
 * stay mounted while hidden; they read this to pause what only matters on screen (a chart's
 * live candles, animations).
 */
export const PageActiveContext = createContext(true);

/** True while the calling screen is visible. */
export function usePageActive(): boolean {
  return useContext(PageActiveContext);
}
