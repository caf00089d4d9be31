import { describe, expect, it } from 'vitest';
import { captchaSchema } from '../../schemas/user.js';
import { makeDeps } from '../test-support.js';
import { CAPTCHA_LENGTH, CAPTCHA_TTL_MS, createCaptchas } from './captcha.js';

const DATA_URL = 'data:image/svg+xml;base64,';

/** The characters a captcha image shows, read back from its SVG. */
function answerOf(b64s: string): string {
  const svg = Buffer.from(b64s.slice(DATA_URL.length), 'base64').toString('utf8');
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join('');
}

function setup() {
  const deps = makeDeps();
  return { deps, captchas: createCaptchas(deps) };
}

describe('captcha', () => {
  it('draws an SVG data URL of random characters over noise', () => {
    const { captchas } = setup();
    const captcha = captchas.create();
    expect(captchaSchema.safeParse(captcha).success).toBe(true);
    expect(captcha.b64s.startsWith(DATA_URL)).toBe(true);
    const svg = Buffer.from(captcha.b64s.slice(DATA_URL.length), 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.match(/<line /g)?.length).toBeGreaterThanOrEqual(3);
    expect(svg.match(/<circle /g)?.length).toBeGreaterThanOrEqual(10);
    expect(answerOf(captcha.b64s)).toMatch(new RegExp(`^[A-Z2-9]{${CAPTCHA_LENGTH}}$`));
    const other = captchas.create();
    expect(other.id).not.toBe(captcha.id);
    expect(answerOf(other.b64s)).not.toBe(answerOf(captcha.b64s));
  });

  it('accepts the shown characters once, in any case', () => {
    const { captchas } = setup();
    const { id, b64s } = captchas.create();
    expect(captchas.check(id, ` ${answerOf(b64s).toLowerCase()} `)).toBe(true);
    expect(captchas.check(id, answerOf(b64s))).toBe(false);
  });

  it('spends a captcha on a wrong answer, so it cannot be guessed at', () => {
    const { captchas } = setup();
    const { id, b64s } = captchas.create();
    expect(captchas.check(id, 'WRONG1')).toBe(false);
    expect(captchas.check(id, answerOf(b64s))).toBe(false);
    expect(captchas.check('unknown-id', 'ABCDE')).toBe(false);
  });

  it('expires after its time to live', () => {
    const { deps, captchas } = setup();
    const { id, b64s } = captchas.create();
    deps.clock.advance(CAPTCHA_TTL_MS);
    expect(captchas.check(id, answerOf(b64s))).toBe(false);
  });
});
