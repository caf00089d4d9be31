import { type FirstScreenRoutes, firstScreenRoutes, type RestClient } from '@pipstream/protocol';
import { type ApiOptions, createRoutedApi } from './routed.js';

/** The first screen's REST client: the startup check and the quote screens' reads. */
export type FirstScreenApi = RestClient<FirstScreenRoutes>;

/**
 * A client of the first screen's calls only, behaving as the full one: its chunk holds their
 * few schemas, so the first quotes do not wait for every schema of the protocol to be built.
 */
export function createFirstScreenApi(options: ApiOptions): FirstScreenApi {
  return createRoutedApi(firstScreenRoutes, options);
}
