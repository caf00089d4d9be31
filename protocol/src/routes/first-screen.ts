import { categories, tradeList } from './market.js';
import { companyStatus } from './startup.js';

/**
 * The calls a browser makes before its first screen shows: the startup check
 * (docs/product.md#states) and the quote screens' reads. The same definitions as in `routes`, in a
 * table of their own, so that a client of these needs only their schemas — not every schema of the
 * protocol.
 */
export const firstScreenRoutes = { companyStatus, tradeList, categories } as const;

export type FirstScreenRoutes = typeof firstScreenRoutes;
