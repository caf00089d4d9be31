import { randomBytes, randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { captchaSchema } from '../../schemas/user.js';
import type { MockDeps } from '../deps.js';

/** How long a captcha can be answered: 5 minutes (this project's choice). */
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/** Characters shown. */
export const CAPTCHA_LENGTH = 5;
/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L, 5/S, 8/B). */
const ALPHABET = 'ACDEFGHJKMNPQRTUVWXY234679';
/** Unanswered captchas kept at most; the oldest go first, so anonymous calls cannot fill memory. */
const MAX_PENDING = 10_000;

const WIDTH = 130;
const HEIGHT = 44;
const COLORS = ['#1f4e79', '#7b2d26', '#2e6b30', '#5b3a87', '#8a5a00', '#24555c'];

type Captcha = z.output<typeof captchaSchema>;

function pick<T>(items: ArrayLike<T>): T {
  return items[randomInt(items.length)] as T;
}

/** The image: the characters, each turned and shifted a little, over noise lines and dots. */
function drawSvg(answer: string): string {
  const parts: string[] = [];
  for (let i = 0; i < 5; i++) {
    parts.push(
      `<line x1="${randomInt(WIDTH)}" y1="${randomInt(HEIGHT)}" x2="${randomInt(WIDTH)}" ` +
        `y2="${randomInt(HEIGHT)}" stroke="${pick(COLORS)}" stroke-width="1.2" opacity="0.6"/>`,
    );
  }
  for (let i = 0; i < 30; i++) {
    parts.push(
      `<circle cx="${randomInt(WIDTH)}" cy="${randomInt(HEIGHT)}" r="1" fill="${pick(COLORS)}"/>`,
    );
  }
  const step = (WIDTH - 20) / answer.length;
  [...answer].forEach((char, i) => {
    const x = Math.round(10 + step * i + randomInt(0, 6));
    const y = 30 + randomInt(-4, 5);
    parts.push(
      `<text x="${x}" y="${y}" transform="rotate(${randomInt(-25, 26)} ${x} ${y})" ` +
        `fill="${pick(COLORS)}" font-family="monospace" font-size="${randomInt(22, 28)}" ` +
        `font-weight="bold">${char}</text>`,
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" ` +
    `viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#f4f4f0"/>` +
    `${parts.join('')}</svg>`
  );
}

/**
 * Image captchas for registration when `verify_reg_type` is 2. Kept in memory: a captcha lives
 * minutes and a restart only asks the visitor for a new one. Not a defence against bots (the
 * characters are SVG text) — the mock needs the flow, not the hardness.
 */
export function createCaptchas({ clock }: Pick<MockDeps, 'clock'>) {
  const pending = new Map<string, { answer: string; expiresAt: number }>();

  /** Drops expired entries; insertion order is expiry order, so it stops at the first live one. */
  function sweep(now: number): void {
    for (const [id, entry] of pending) {
      if (entry.expiresAt > now && pending.size < MAX_PENDING) return;
      pending.delete(id);
    }
  }

  return {
    /** A new captcha: its id and the SVG image as a base64 data URL. */
    create(): Captcha {
      const now = clock.now();
      sweep(now);
      const answer = Array.from({ length: CAPTCHA_LENGTH }, () => pick(ALPHABET)).join('');
      const id = randomBytes(16).toString('base64url');
      pending.set(id, { answer, expiresAt: now + CAPTCHA_TTL_MS });
      const b64s = `data:image/svg+xml;base64,${Buffer.from(drawSvg(answer)).toString('base64')}`;
      return { id, b64s };
    },

    /**
     * Whether `answer` (any case) is what captcha `id` shows. One check per captcha, right or
     * wrong: it is gone afterwards, so it cannot be guessed at.
     */
    check(id: string, answer: string): boolean {
      const entry = pending.get(id);
      if (!entry) return false;
      pending.delete(id);
      return entry.expiresAt > clock.now() && entry.answer === answer.trim().toUpperCase();
    },
  };
}

export type Captchas = ReturnType<typeof createCaptchas>;
