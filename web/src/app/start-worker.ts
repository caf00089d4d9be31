/**
 * Starts the live worker while the entry is still evaluating: main.ts imports this module
 * first, so the worker's thread starts and compiles its bundle while React's code evaluates,
 * and it is up to check the first screen's answers when the page asks (bench/README.md). The
 * one module of the app that starts work by being imported; the rest of the start-up is
 * app/boot.ts.
 */
import { liveWorker } from '../live/bridge.js';

liveWorker();
