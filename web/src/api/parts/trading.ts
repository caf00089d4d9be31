// A chunk of its own: see route-parts.ts.
export { tradingRoutes } from '@pipstream/protocol';
