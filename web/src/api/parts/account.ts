// A chunk of its own: see route-parts.ts.
export { accountRoutes } from '@pipstream/protocol';
