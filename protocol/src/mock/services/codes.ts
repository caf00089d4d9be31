import { randomInt, timingSafeEqual } from 'node:crypto';
import { CODE } from '../../envelope.js';
import type { AreaCode } from '../../schemas/user.js';
import type { MockDeps } from '../deps.js';
import { refuse } from '../refusal.js';

/** How long a sent code can be used: 10 minutes (this project's choice). */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong guesses after which a code is burnt, so 6 digits cannot be tried through. */
export const MAX_CODE_ATTEMPTS = 5;

/** The address a code goes to: the e-mail, lower-cased. */
export function emailAddress(email: string): string {
  return email.trim().toLowerCase();
}

/** The address an SMS code goes to: the E.164 number `+{global_code}{number}`. */
export function phoneAddress(area: AreaCode, number: string): string {
  return `+${area.global_code}${number}`;
}

interface CodeRow {
  code: string;
  sent_at: number;
  expires_at: number;
  used: number;
}

/**
 * Verification codes (6 digits) per address and purpose. The mock sends no mail or SMS: the code
 * is read through the control API (and logged when `config.log` is on).
 */
export function createCodes({ db, clock, config }: MockDeps) {
  const read = db.prepare(
    'SELECT code, sent_at, expires_at, used FROM codes WHERE address = ? AND purpose = ?',
  );
  const upsert = db.prepare(
    `INSERT INTO codes (address, purpose, code, sent_at, expires_at, used) VALUES (?, ?, ?, ?, ?, 0)
     ON CONFLICT (address, purpose) DO UPDATE SET
       code = excluded.code, sent_at = excluded.sent_at, expires_at = excluded.expires_at, used = 0`,
  );
  const markUsed = db.prepare('UPDATE codes SET used = 1 WHERE address = ? AND purpose = ?');
  const latest = db.prepare(
    `SELECT code, sent_at FROM codes WHERE address = ? AND (? IS NULL OR purpose = ?)
     ORDER BY sent_at DESC LIMIT 1`,
  );
  // Wrong guesses per code, until the next send. In memory: a restart only gives a few more tries.
  const misses = new Map<string, number>();

  return {
    /**
     * Makes a new code for the address, replacing any earlier one. Refuses within
     * `config.codeCooldownMs` of the previous send (60 s: docs/product.md#constants).
     */
    send(address: string, purpose: number): string {
      const now = clock.now();
      const previous = read.get(address, purpose) as CodeRow | undefined;
      const waitMs = previous ? previous.sent_at + config.codeCooldownMs - now : 0;
      if (waitMs > 0) {
        refuse('account.code_cooldown', { count: Math.ceil(waitMs / 1000) }, CODE.RATE_LIMITED);
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      upsert.run(address, purpose, code, now, now + CODE_TTL_MS);
      misses.delete(`${purpose}:${address}`);
      if (config.log) process.stderr.write(`[mock] code ${code} for ${address} (${purpose})\n`);
      return code;
    },

    /**
     * Uses the code if it matches an unused, unexpired one: true once, false afterwards. Call it
     * inside the transaction that acts on it, so a refusal later in the call keeps it usable.
     */
    consume(address: string, purpose: number, code: string): boolean {
      const key = `${purpose}:${address}`;
      const row = read.get(address, purpose) as CodeRow | undefined;
      if (!row || row.used || row.expires_at <= clock.now()) return false;
      // Counted outside the database, so the refusal that follows a miss cannot roll it back.
      if ((misses.get(key) ?? 0) >= MAX_CODE_ATTEMPTS) return false;
      const given = Buffer.from(code.trim());
      const expected = Buffer.from(row.code);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        misses.set(key, (misses.get(key) ?? 0) + 1);
        return false;
      }
      markUsed.run(address, purpose);
      misses.delete(key);
      return true;
    },

    /**
     * The last code sent to the address (for the given purpose, or any): the control API's view.
     */
    last(address: string, purpose?: number): { code: string; sent_at: number } | undefined {
      const p = purpose ?? null;
      return latest.get(address, p, p) as { code: string; sent_at: number } | undefined;
    },
  };
}

export type Codes = ReturnType<typeof createCodes>;
