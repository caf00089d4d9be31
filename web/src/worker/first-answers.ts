/**
 * The first screen's answers read in the worker: the startup check and the quote screens'
 * reads (protocol's `firstScreenRoutes`) are fetched by the page, which hands their text over
 * here to be checked against their schemas. zod's schemas are then built and run off the main
 * thread, where on a slow phone they would hold the first quotes back (the worker builds
 * them anyway for its socket frames).
 */
import {
  type FirstScreenRoutes,
  firstScreenRoutes,
  type RawAnswer,
  readAnswer,
} from '@pipstream/protocol';

/** A first-screen call, by name. */
export type FirstScreenCall = keyof FirstScreenRoutes;

/**
 * The result for the page: the checked data, or `ok: false` for anything else (an error code,
 * a broken answer) — the page then makes the call itself, with its toasts and its 999 handling.
 */
export type FirstAnswer = { readonly ok: true; readonly data: unknown } | { readonly ok: false };

/**
 * Reads `answer` as the answer to `name`, exactly as the REST client would
 * (docs/product.md#errors).
 */
export function readFirstAnswer(name: FirstScreenCall, answer: RawAnswer): FirstAnswer {
  const route = Object.hasOwn(firstScreenRoutes, name) ? firstScreenRoutes[name] : undefined;
  if (route === undefined) return { ok: false };
  try {
    return { ok: true, data: readAnswer(route, name, answer, true).data };
  } catch {
    return { ok: false };
  }
}
