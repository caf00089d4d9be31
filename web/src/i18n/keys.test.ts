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

/** i18next's plural suffixes: a source names `web.order.lots_value`, the locale has its forms. */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/** Whether `key` leads to a text in `locale`. */
function hasText(key: string, locale: unknown): boolean {
  let node: unknown = locale;
  for (const part of key.split('.')) {
    node =
      typeof node === 'object' && node !== null
        ? (node as Record<string, unknown>)[part]
        : undefined;
  }
  return typeof node === 'string' && node !== '';
}

/** The keys that do not lead to a text in `locale`, nor to the `_other` form of a plural. */
function missingKeys(keys: Iterable<string>, locale: unknown): string[] {
  return [...keys].filter((key) => !hasText(key, locale) && !hasText(`${key}_other`, locale));
}

/** The `web.…` texts of `locale` that none of `keys` names. */
function unusedKeys(keys: ReadonlySet<string>, locale: { web: object }): string[] {
  const unused: string[] = [];
  const walk = (node: object, path: string) => {
    for (const [key, value] of Object.entries(node)) {
      const here = `${path}.${key}`;
      if (typeof value === 'object' && value !== null) walk(value, here);
      else if (!keys.has(here) && !keys.has(here.replace(PLURAL_FORM, ''))) unused.push(here);
    }
  };
  walk(locale.web, 'web');
  return unused;
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

  it('has no text in locales/en.json that no source uses (the list names them)', () => {
    expect(unusedKeys(keys, english)).toEqual([]);
  });

  it('reports a key that is missing or not a text', () => {
    const planted = keysIn([`t('web.login.title'); t("web.nowhere.key"); x = 'web.login';`]);
    expect(missingKeys(planted, english)).toEqual(['web.nowhere.key', 'web.login']);
  });

  it('reports a text no source names', () => {
    const planted = { web: { login: { title: 'Log in', stale: 'Old' } } };
    expect(unusedKeys(new Set(['web.login.title']), planted)).toEqual(['web.login.stale']);
  });

  it('takes a named plural key for its forms', () => {
    const planted = { web: { order: { lots_one: '{{lots}} lot', lots_other: '{{lots}} lots' } } };
    expect(missingKeys(['web.order.lots', 'web.order.lot'], planted)).toEqual(['web.order.lot']);
    expect(unusedKeys(new Set(['web.order.lots']), planted)).toEqual([]);
    expect(unusedKeys(new Set(), planted)).toEqual(['web.order.lots_one', 'web.order.lots_other']);
  });
});

/** Text a user would read, written into markup instead of coming from `t(…)`. */
const LITERAL_TEXT = [
  // A JSX text child with a word in it: `<p>Balance</p>`, `</span> USD <`.
  />[^<>{}=]*\p{L}{2,}[^<>{}]*<\//u,
  // A line of words alone, as a JSX text child broken over lines is (code lines starting with
  // a keyword are not text).
  /^\s*(?!(?:type|export|import|interface|return|extends|const|let|async|await|readonly|else|default|case|function|implements)\b)\p{L}+(?:\s+\p{L}+)+[.!?]?\s*$/u,
  // A labelling attribute given a literal: `aria-label="Close"`, `placeholder="Search"`.
  /\b(?:aria-label|aria-description|placeholder|title|alt)="[^"]*\p{L}[^"]*"/u,
];

/** The `file: line` places in `sources` that write user-visible text literally. */
function literalTexts(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    if (!file.endsWith('.tsx')) continue;
    text.split('\n').forEach((line, index) => {
      const code = line.replace(/\/\/.*$|\{\/\*.*?\*\/\}/g, '');
      if (LITERAL_TEXT.some((pattern) => pattern.test(code))) found.push(`${file}:${index + 1}`);
    });
  }
  return found;
}

describe('no user-visible text outside locales/', () => {
  it('finds none in the screens and components', () => {
    expect(literalTexts(sources)).toEqual([]);
  });

  it('catches a text child and a literal label', () => {
    const planted = {
      'a.tsx': [
        '<p>Balance</p>',
        '<button aria-label="Close" />',
        "<b>{t('web.x')}</b>",
        '<p>',
        '  Not served here',
        '</p>',
        'export default App',
      ].join('\n'),
      'b.ts': "const html = '<p>Not markup</p>';",
    };
    expect(literalTexts(planted)).toEqual(['a.tsx:1', 'a.tsx:2', 'a.tsx:5']);
  });
});
