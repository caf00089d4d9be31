import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost parameters: CPU/memory cost N (a power of two), block size r, parallelism p. */
export interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/**
 * scrypt cost: N = 2^14, r = 8, p = 1 (16 MiB, tens of ms) — the interactive-login parameters
 * scrypt's author recommends. Each hash records its own parameters, so they can be raised later
 * without invalidating stored hashes.
 */
export const PASSWORD_COST: ScryptCost = { N: 16_384, r: 8, p: 1 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Bounds a stored hash may name, so a corrupt row cannot ask for gigabytes of memory. */
const MAX_N = 1 << 20;
const MAX_RP = 64;

function derive(password: string, salt: Buffer, { N, r, p }: ScryptCost): Promise<Buffer> {
  // Node's default maxmem (32 MiB) is too small for N = 2^15 and above.
  const maxmem = 256 * N * r + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N, r, p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Hashes a password with scrypt and a random salt, encoded as `scrypt$N$r$p$salt$hash` (base64).
 * Runs on the libuv thread pool, so the event loop keeps serving other calls meanwhile. A lower
 * `cost` is for seeding many throwaway accounts quickly (tests, benches), never for real ones.
 */
export async function hashPassword(
  password: string,
  cost: ScryptCost = PASSWORD_COST,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  const { N, r, p } = cost;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * Whether `password` matches `encoded` (from {@link hashPassword}), compared in constant time.
 * Anything that is not a well-formed hash — a placeholder, a corrupt row — never matches.
 */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (
    N === undefined ||
    r === undefined ||
    p === undefined ||
    !Number.isInteger(N) ||
    !Number.isInteger(r) ||
    !Number.isInteger(p) ||
    N < 2 ||
    N > MAX_N ||
    (N & (N - 1)) !== 0 ||
    r < 1 ||
    r > MAX_RP ||
    p < 1 ||
    p > MAX_RP
  ) {
    return false;
  }
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length === 0 || expected.length !== KEY_BYTES) return false;
  const actual = await derive(password, salt, { N, r, p });
  return timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;

/**
 * Spends the time of one verification without an account to verify against, so a login for an
 * unknown account takes as long as a wrong password (no account enumeration by timing).
 */
export async function verifyNothing(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString('base64'));
  await verifyPassword(password, await dummy);
  return false;
}

/** Guessing 256 random bits is hopeless at any cost, so this hash need not be slow. */
const UNUSABLE_COST: ScryptCost = { N: 1024, r: 8, p: 1 };

/** A hash no password matches in practice: for accounts that must not log in by password. */
export function unusablePassword(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64'), UNUSABLE_COST);
}
