// A chunk of its own: see route-parts.ts.
export { marketRoutes } from '@pipstream/protocol';
