import { type RestClient, type Routes, routes } from '@pipstream/protocol';
import { type ApiOptions, createRoutedApi } from './routed.js';

export type { ApiHooks, ApiOptions } from './routed.js';

/** The app's REST client: every call of the protocol's route table. */
export type Api = RestClient<Routes>;

/** The app's REST client over every call (see routed.ts for what it adds to each). */
export function createApi(options: ApiOptions): Api {
  return createRoutedApi(routes, options);
}
