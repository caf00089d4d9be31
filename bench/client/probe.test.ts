import { describe, expect, it } from 'vitest';
import { sessionScript, startUpSettled } from './probe.js';

/** Runs an init script against a stand-in window and returns what it stored. */
function stored(script: string, top = true): Record<string, string> {
  const storage: Record<string, string> = {};
  const localStorage = { setItem: (key: string, value: string) => (storage[key] = value) };
  // `window === window.top` decides; the stand-in is its own top unless told otherwise.
  const window: { top?: object } = {};
  window.top = top ? window : {};
  new Function('window', 'localStorage', script)(window, localStorage);
  return storage;
}

describe('sessionScript', () => {
  it('stores the language, token and user as the app reads them (JSON)', () => {
    const user = { Id: 5, NickName: 'O\'Brien "x"' };
    const storage = stored(sessionScript({ token: 'abc', user }));
    expect(JSON.parse(storage['pipstream.lang'] as string)).toBe('en');
    expect(JSON.parse(storage['pipstream.token'] as string)).toBe('abc');
    expect(JSON.parse(storage['pipstream.user'] as string)).toEqual(user);
  });

  it('stores only the language for a visitor, and nothing inside a frame', () => {
    expect(Object.keys(stored(sessionScript(null)))).toEqual(['pipstream.lang']);
    expect(stored(sessionScript(null), false)).toEqual({});
  });
});

describe('startUpSettled', () => {
  const rule = { minMs: 1_000, quietMs: 1_000, maxMs: 15_000 };

  it('waits for the least time after the first figure, however quiet the page', () => {
    expect(startUpSettled(rule, 500, 60_000)).toBe(false);
    expect(startUpSettled(rule, 1_000, 60_000)).toBe(true);
  });

  it('waits while a request finished less than the quiet time ago', () => {
    expect(startUpSettled(rule, 4_000, 999)).toBe(false);
    expect(startUpSettled(rule, 4_000, 1_000)).toBe(true);
  });

  it('gives up waiting at the most time, however busy the page', () => {
    expect(startUpSettled(rule, 14_999, 0)).toBe(false);
    expect(startUpSettled(rule, 15_000, 0)).toBe(true);
  });

  it('keeps waiting when the page could not be read (no probe: NaN)', () => {
    expect(startUpSettled(rule, 5_000, Number.NaN)).toBe(false);
  });
});
