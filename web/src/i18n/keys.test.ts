import english from '@pipstream/locales/en.json';
import { describe, expect, it } from 'vitest';

/** Every source file of the app except tests, as text. */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** A quoted `web.…` key: in `t('…')` calls and in tables of keys alike. */
const KEY = /['"`](web(?:\.[A-Za-z0-9_]+)+)['"`]/g;

/** The `web.…` keys the sources name. */
function keysIn(texts: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const text of texts)
    for (const match of text.matchAll(KEY)) if (match[1]) keys.add(match[1]);
  return keys;
}

/** The keys that do not lead to a text in `locale`. */
function missingKeys(keys: Iterable<string>, locale: unknown): string[] {
  return [...keys].filter((key) => {
    let node: unknown = locale;
    for (const part of key.split('.')) {
      node =
        typeof node === 'object' && node !== null
          ? (node as Record<string, unknown>)[part]
          : undefined;
    }
    return typeof node !== 'string' || node === '';
  });
}

describe('web texts', () => {
  const keys = keysIn(Object.values(sources));

  it('finds the keys the screens use', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(keys.size).toBeGreaterThan(150);
    expect(keys).toContain('web.guard.real_account_required');
  });

  it('has every key used in web/src in locales/en.json', () => {
    expect(missingKeys(keys, english)).toEqual([]);
  });

  it('reports a key that is missing or not a text', () => {
    const planted = keysIn([`t('web.login.title'); t("web.nowhere.key"); x = 'web.login';`]);
    expect(missingKeys(planted, english)).toEqual(['web.nowhere.key', 'web.login']);
  });
});
