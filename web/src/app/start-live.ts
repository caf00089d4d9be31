/**
 * Connects the live worker's socket while the entry is still evaluating: the entry imports this
 * module first, so it runs before React's ~200 KB do. The worker itself was started by the
 * page's head (live/early-worker.ts); without that script (the dev server) it starts here, and
 * its start-up task is then queued before the first render's (main.tsx defers the render by
 * one task).
 */
import { startRealtime } from './realtime.js';

startRealtime();
