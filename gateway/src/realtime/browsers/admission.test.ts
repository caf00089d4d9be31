import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdmission } from './admission.js';

const admit = (allowedOrigins: readonly string[] | '*', maxPerIp: number, perIpPerSecond = 1000) =>
  createAdmission({ allowedOrigins, maxPerIp, perIpPerSecond });

afterEach(() => {
  vi.useRealTimers();
});

describe('createAdmission', () => {
  it('lets in listed origins, however written, and handshakes without an Origin', () => {
    const admission = admit(['https://app.example.com', 'http://localhost:5173/'], 10);
    expect(admission.check('https://app.example.com', 'ip')).toBeUndefined();
    expect(admission.check('HTTPS://App.Example.com:443', 'ip')).toBeUndefined();
    expect(admission.check('http://localhost:5173', 'ip')).toBeUndefined();
    expect(admission.check(undefined, 'ip')).toBeUndefined();
    expect(admission.check('https://evil.example.com', 'ip')).toBe('origin');
    expect(admission.check('null', 'ip')).toBe('origin');
    expect(admission.check('http://localhost:5174', 'ip')).toBe('origin');
  });

  it("lets every origin in with '*'", () => {
    expect(admit('*', 1).check('https://anything.example', 'ip')).toBeUndefined();
  });

  it('counts sockets per IP and refuses past the limit', () => {
    const admission = admit('*', 2);
    expect(admission.acquire('a')).toBe(true);
    expect(admission.acquire('a')).toBe(true);
    expect(admission.check(undefined, 'a')).toBe('ip_limit');
    expect(admission.acquire('a')).toBe(false);
    expect(admission.check(undefined, 'b')).toBeUndefined();
    admission.release('a');
    expect(admission.check(undefined, 'a')).toBeUndefined();
    expect(admission.acquire('a')).toBe(true);
  });

  it('lets an address open as many sockets at once as it may hold, then its rate per second', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const admission = admit('*', 100, 10);
    // A burst: every phone behind one address reconnecting at once, none held yet.
    for (let i = 0; i < 100; i++) expect(admission.check(undefined, 'nat')).toBeUndefined();
    expect(admission.check(undefined, 'nat')).toBe('ip_rate');
    expect(admission.check(undefined, 'other')).toBeUndefined();
    vi.advanceTimersByTime(500);
    const refilled = Array.from({ length: 10 }, () => admission.check(undefined, 'nat'));
    expect(refilled.filter((r) => r === undefined)).toHaveLength(5);
    expect(refilled.at(-1)).toBe('ip_rate');
  });

  it('takes back the token of a socket that dropped after a while, not of one cut short', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const admission = admit('*', 10, 1);
    for (let i = 0; i < 10; i++) {
      expect(admission.check(undefined, 'nat')).toBeUndefined();
      expect(admission.acquire('nat')).toBe(true);
    }
    expect(admission.check(undefined, 'nat')).toBe('ip_limit');
    // Six phones dropped after a while, four were cut short.
    for (let i = 0; i < 6; i++) admission.release('nat', true);
    for (let i = 0; i < 4; i++) admission.release('nat', false);
    const back = Array.from({ length: 10 }, () => admission.check(undefined, 'nat'));
    expect(back.filter((r) => r === undefined)).toHaveLength(6);
    expect(back.at(-1)).toBe('ip_rate');
  });
});
