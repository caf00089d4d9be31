/**
 * The gateway's realtime hub at /v1/ws: one shared upstream connection for public topics, one
 * per user token for private ones, fanned out to every browser.
 */
export { createRealtimeHub, type RealtimeHub, type RealtimeStats } from './hub.js';
export {
  type HubDeps,
  type HubLog,
  REALTIME_DEFAULTS,
  type RealtimeOptions,
} from './options.js';
