// A chunk of its own: see route-parts.ts.
export { siteRoutes } from '@pipstream/protocol';
