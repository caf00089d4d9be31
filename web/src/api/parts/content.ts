// A chunk of its own: see route-parts.ts.
export { contentRoutes } from '@pipstream/protocol';
