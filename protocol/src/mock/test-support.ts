/**
 * Builders for the mock's unit tests: real SQLite in memory, a fresh clock and event bus, and a
 * call context for a given caller. Not exported from the package.
 */
import { createClock } from './clock.js';
import { type MockConfig, type MockOptions, mockOptionsSchema } from './config.js';
import type { MockDeps } from './deps.js';
import { MockEvents } from './events.js';
import type { CallContext, Caller } from './http/handler.js';
import { Messages } from './messages.js';
import { createRng } from './rng.js';
import { openDatabase } from './store/db.js';

let messages: Messages | undefined;

/** Fresh dependencies over an in-memory database. */
export function makeDeps(options: Partial<MockOptions> = {}): MockDeps {
  const config: MockConfig = mockOptionsSchema.parse({ data: ':memory:', ...options });
  messages ??= new Messages();
  return {
    db: openDatabase(config.data),
    rng: createRng(config.seed),
    clock: createClock(),
    messages,
    events: new MockEvents(),
    config,
  };
}

/** A call context as the dispatcher would build it. */
export function ctxFor(caller?: Caller, lang = 'en', now = Date.now()): CallContext {
  return { caller, token: caller ? 'test-token' : undefined, lang, ip: '127.0.0.1', now };
}
