/**
 * The protocol's route table, loaded group by group. Building every schema is one module
 * evaluation of a few hundred milliseconds on a slow phone: one long task. Each group is a
 * chunk of its own, evaluated in a task of its own, with the main thread given back between.
 */
import type { Routes } from '@pipstream/protocol';

/** The groups in `routes`' own order (protocol/src/routes/table.ts): a test holds them equal. */
export const ROUTE_PARTS = [
  () => import('./parts/site.js').then((part) => part.siteRoutes),
  () => import('./parts/account.js').then((part) => part.accountRoutes),
  () => import('./parts/market.js').then((part) => part.marketRoutes),
  () => import('./parts/trading.js').then((part) => part.tradingRoutes),
  () => import('./parts/wallet.js').then((part) => part.walletRoutes),
  () => import('./parts/funding.js').then((part) => part.fundingRoutes),
  () => import('./parts/content.js').then((part) => part.contentRoutes),
] as const;

/** Resolves after the tasks already queued (input, rendering, socket messages) have run. */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Loads every group, one after another with `pause` between, and resolves the whole table. */
export async function loadRoutes(pause: () => Promise<void> = yieldToMain): Promise<Routes> {
  const table = {};
  for (const load of ROUTE_PARTS) {
    Object.assign(table, await load());
    await pause();
  }
  // The groups are the table's own (route-parts.test.ts checks each name and definition).
  return table as Routes;
}
