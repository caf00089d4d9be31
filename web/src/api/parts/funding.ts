// A chunk of its own: see route-parts.ts.
export { fundingRoutes } from '@pipstream/protocol';
