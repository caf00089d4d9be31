import { config } from 'zod/v4/core';

/**
 * Makes every schema parse without generated code, in this JavaScript context. Zod compiles
 * object parsers with `new Function` where a page allows it, and probes for that on the first
 * parse; under a Content-Security-Policy without `'unsafe-eval'` (the web app's) the probe fails
 * as it should, but the browser still reports it as a violation. Call it before the first parse
 * where the policy forbids eval (the web app's page and worker); Node keeps compiled parsers.
 */
export function parseWithoutEval(): void {
  config({ jitless: true });
}
