import { describe, expect, it } from 'vitest';
import { CODE } from '../../envelope.js';
import { makeDeps, refusalOf } from '../test-support.js';
import { AREA_CODES } from './areas.js';
import {
  CODE_TTL_MS,
  createCodes,
  emailAddress,
  MAX_CODE_ATTEMPTS,
  phoneAddress,
} from './codes.js';

function setup() {
  const deps = makeDeps({ codeCooldownMs: 60_000 });
  return { deps, codes: createCodes(deps) };
}

describe('verification codes', () => {
  it('builds addresses: lower-cased e-mail, E.164 phone', () => {
    expect(emailAddress('  Ann@Example.COM ')).toBe('ann@example.com');
    const hk = AREA_CODES.find((area) => area.code === 'HK');
    expect(hk && phoneAddress(hk, '91234567')).toBe('+85291234567');
  });

  it('sends a 6-digit code, stored with a 10-minute expiry and readable as the last one', () => {
    const { deps, codes } = setup();
    const code = codes.send('a@test.local', 1);
    expect(code).toMatch(/^\d{6}$/);
    const row = deps.db.prepare('SELECT * FROM codes WHERE address = ?').get('a@test.local') as {
      code: string;
      purpose: number;
      sent_at: number;
      expires_at: number;
      used: number;
    };
    expect(row).toMatchObject({ code, purpose: 1, used: 0 });
    expect(row.expires_at - row.sent_at).toBe(CODE_TTL_MS);
    expect(codes.last('a@test.local')).toEqual({ code, sent_at: row.sent_at });
    expect(codes.last('a@test.local', 2)).toBeUndefined();
    expect(codes.last('b@test.local')).toBeUndefined();
  });

  it('refuses a second send within the cooldown, telling the seconds left', async () => {
    const { deps, codes } = setup();
    codes.send('a@test.local', 1);
    deps.clock.advance(15_000);
    const refusal = await refusalOf(() => codes.send('a@test.local', 1));
    expect(refusal.key).toBe('account.code_cooldown');
    expect(refusal.code).toBe(CODE.RATE_LIMITED);
    expect(refusal.params).toEqual({ count: 45 });
    // Another purpose or address has its own cooldown.
    expect(codes.send('a@test.local', 2)).toMatch(/^\d{6}$/);
    expect(codes.send('b@test.local', 1)).toMatch(/^\d{6}$/);
    deps.clock.advance(45_000);
    const fresh = codes.send('a@test.local', 1);
    expect(codes.last('a@test.local', 1)?.code).toBe(fresh);
  });

  it('consumes a matching code once', () => {
    const { codes } = setup();
    const code = codes.send('a@test.local', 2);
    expect(codes.consume('a@test.local', 1, code)).toBe(false);
    expect(codes.consume('b@test.local', 2, code)).toBe(false);
    expect(codes.consume('a@test.local', 2, ` ${code} `)).toBe(true);
    expect(codes.consume('a@test.local', 2, code)).toBe(false);
  });

  it('refuses an expired code and a replaced one', () => {
    const { deps, codes } = setup();
    const old = codes.send('a@test.local', 1);
    deps.clock.advance(CODE_TTL_MS);
    expect(codes.consume('a@test.local', 1, old)).toBe(false);
    const fresh = codes.send('a@test.local', 1);
    if (fresh !== old) expect(codes.consume('a@test.local', 1, old)).toBe(false);
    expect(codes.consume('a@test.local', 1, fresh)).toBe(true);
  });

  it(`burns a code after ${MAX_CODE_ATTEMPTS} wrong guesses, until a new one is sent`, () => {
    const { deps, codes } = setup();
    const code = codes.send('a@test.local', 1);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
      expect(codes.consume('a@test.local', 1, wrong)).toBe(false);
    }
    expect(codes.consume('a@test.local', 1, code)).toBe(false);
    deps.clock.advance(60_000);
    const next = codes.send('a@test.local', 1);
    expect(codes.consume('a@test.local', 1, next)).toBe(true);
  });
});
