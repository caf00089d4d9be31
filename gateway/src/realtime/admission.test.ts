import { describe, expect, it } from 'vitest';
import { createAdmission } from './admission.js';

describe('createAdmission', () => {
  it('lets in listed origins, however written, and handshakes without an Origin', () => {
    const admission = createAdmission(['https://app.example.com', 'http://localhost:5173/'], 10);
    expect(admission.check('https://app.example.com', 'ip')).toBeUndefined();
    expect(admission.check('HTTPS://App.Example.com:443', 'ip')).toBeUndefined();
    expect(admission.check('http://localhost:5173', 'ip')).toBeUndefined();
    expect(admission.check(undefined, 'ip')).toBeUndefined();
    expect(admission.check('https://evil.example.com', 'ip')).toBe('origin');
    expect(admission.check('null', 'ip')).toBe('origin');
    expect(admission.check('http://localhost:5174', 'ip')).toBe('origin');
  });

  it("lets every origin in with '*'", () => {
    expect(createAdmission('*', 1).check('https://anything.example', 'ip')).toBeUndefined();
  });

  it('counts sockets per IP and refuses past the limit', () => {
    const admission = createAdmission('*', 2);
    expect(admission.acquire('a')).toBe(true);
    expect(admission.acquire('a')).toBe(true);
    expect(admission.check(undefined, 'a')).toBe('ip_limit');
    expect(admission.acquire('a')).toBe(false);
    expect(admission.check(undefined, 'b')).toBeUndefined();
    admission.release('a');
    expect(admission.check(undefined, 'a')).toBeUndefined();
    expect(admission.acquire('a')).toBe(true);
  });
});
