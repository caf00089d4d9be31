/**
 * Imported, for its effect, first by every module of the app that parses with the protocol's
 * schemas: the page's and the worker's policy forbids eval (gateway/src/web/security.ts), so
 * the schemas parse without generated code and without the probe for it, which the browser
 * reports as a violation even when it fails as expected. A browser test
 * (tests/browser/quotes.test.ts) holds the app to no violation at all.
 */
import { parseWithoutEval } from '@pipstream/protocol';

parseWithoutEval();
