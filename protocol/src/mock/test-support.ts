/**
 * Builders for the mock's unit tests: real SQLite in memory, a fresh clock and event bus, and a
 * call context for a given caller. Not exported from the package.
 */
import { toMicros } from '../arithmetic/money.js';
import { createClock } from './clock.js';
import { type MockConfig, type MockOptions, mockOptionsSchema } from './config.js';
import type { MockDeps } from './deps.js';
import { MockEvents } from './events.js';
import type { CallContext, Caller } from './http/handler.js';
import { Messages } from './messages.js';
import { Refusal } from './refusal.js';
import { createRng } from './rng.js';
import { createLedger, LEDGER_KIND } from './services/ledger.js';
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

let userSeq = 0;

/**
 * Inserts a user directly (no registration flow) and funds it through the ledger, so tests of
 * trading and the wallet start from a known balance. Returns the caller the dispatcher would
 * build for it.
 */
export function insertUser(
  deps: MockDeps,
  {
    isDemo = false,
    balance = '10000',
    email,
  }: { isDemo?: boolean; balance?: string; email?: string } = {},
): Caller {
  userSeq += 1;
  const address = email ?? `user${userSeq}-${deps.rng.next().toString(36).slice(2, 8)}@test.local`;
  const uid = `T${userSeq}${Date.now().toString(36)}`;
  const row = deps.db
    .prepare(
      `INSERT INTO users (uid, email, password_hash, is_demo, invite_code, created_at)
       VALUES (?, ?, 'not-a-hash', ?, ?, ?) RETURNING id`,
    )
    .get(uid, address, isDemo ? 1 : 0, `I${uid}`, deps.clock.now()) as { id: number };
  const micros = toMicros(balance);
  if (micros !== 0n) {
    createLedger(deps).post(row.id, micros, LEDGER_KIND.ADJUSTMENT, {
      key: 'ledger.deposit',
      params: { number: 'test' },
      text: 'test funds',
    });
  }
  return { id: row.id, uid, isDemo, email: address };
}

/**
 * The refusal a call ends with, thrown or rejected; fails the test when the call succeeds or
 * fails in another way.
 */
export async function refusalOf(run: () => unknown): Promise<Refusal> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error('expected a refusal, the call succeeded');
}
