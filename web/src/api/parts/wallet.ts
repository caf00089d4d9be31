// A chunk of its own: see route-parts.ts.
export { walletRoutes } from '@pipstream/protocol';
