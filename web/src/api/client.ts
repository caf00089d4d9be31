import type { RestClient, Routes } from '@pipstream/protocol';
import { loadRoutes } from './route-parts.js';
import { type ApiOptions, createRoutedApi } from './routed.js';

export type { ApiHooks, ApiOptions } from './routed.js';

/** The app's REST client: every call of the protocol's route table. */
export type Api = RestClient<Routes>;

/**
 * The app's REST client over every call (see routed.ts for what it adds to each), once the
 * route table has loaded in its groups (route-parts.ts).
 */
export async function loadApi(options: ApiOptions): Promise<Api> {
  return createRoutedApi(await loadRoutes(), options);
}
