import { describe, expect, it } from 'vitest';
import { hashPassword, unusablePassword, verifyNothing, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('hashes as scrypt$N$r$p$salt$hash and verifies only the right password', async () => {
    const encoded = await hashPassword('correct horse');
    expect(encoded).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(encoded).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', encoded)).toBe(true);
    expect(await verifyPassword('correct horsf', encoded)).toBe(false);
    expect(await verifyPassword('', encoded)).toBe(false);
  });

  it('salts every hash, so one password never hashes the same twice', async () => {
    const [a, b] = await Promise.all([
      hashPassword('same-password'),
      hashPassword('same-password'),
    ]);
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(await verifyPassword('same-password', b)).toBe(true);
  });

  it('never matches a malformed or hostile hash instead of throwing', async () => {
    const good = await hashPassword('pw123456');
    const [, , r, p, salt, key] = good.split('$');
    for (const encoded of [
      '',
      'not-a-hash',
      'pw123456',
      `bcrypt$16384$${r}$${p}$${salt}$${key}`,
      `scrypt$16383$${r}$${p}$${salt}$${key}`, // N not a power of two
      `scrypt$${2 ** 30}$${r}$${p}$${salt}$${key}`, // asks for gigabytes
      `scrypt$16384$0$${p}$${salt}$${key}`,
      `scrypt$16384$${r}$${p}$$${key}`,
      `scrypt$16384$${r}$${p}$${salt}$AAAA`,
    ]) {
      expect(await verifyPassword('pw123456', encoded), encoded).toBe(false);
    }
  });

  it('honours the cost a stored hash names', async () => {
    const cheap = await hashPassword('pw123456', { N: 1024, r: 4, p: 2 });
    expect(cheap).toMatch(/^scrypt\$1024\$4\$2\$/);
    expect(await verifyPassword('pw123456', cheap)).toBe(true);
    expect(await verifyPassword('pw123457', cheap)).toBe(false);
    const good = await hashPassword('pw123456');
    const [, , , , salt] = good.split('$');
    // Same salt, a different N: the key no longer matches, so N is really read from the hash.
    const [, , , , , key] = good.split('$');
    expect(await verifyPassword('pw123456', `scrypt$8192$8$1$${salt}$${key}`)).toBe(false);
  });

  it('treats Unicode forms of one password as the same password', async () => {
    const composed = 'caf\u00e9-123';
    const decomposed = 'cafe\u0301-123';
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it('verifyNothing always fails and an unusable hash matches no guess', async () => {
    expect(await verifyNothing('anything')).toBe(false);
    const unusable = await unusablePassword();
    expect(unusable.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('', unusable)).toBe(false);
    expect(await verifyPassword('password', unusable)).toBe(false);
  });
});
