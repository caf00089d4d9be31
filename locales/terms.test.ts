import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';

type Tree = { readonly [key: string]: string | Tree };

/** Every text of a locale by its dotted key (`web.user.mock_account`). */
function texts(language: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (tree: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') out.set(path, value);
      else walk(value, path);
    }
  };
  walk(JSON.parse(readFileSync(new URL(`./${language}.json`, import.meta.url), 'utf8')), '');
  return out;
}

/**
 * What each language calls the demo account, with the endings its grammar puts on it (Arabic's
 * indefinite "حسابًا تجريبيًا", Czech "demo účtu", Russian "демо-счёта"). A trader who reads
 * "حساب دمو" on one screen and "حساب آزمایشی" on the next wonders whether they are two accounts.
 */
const DEMO_ACCOUNT: Record<Language, RegExp> = {
  ar: /حساب\S* \S*تجريبي/u,
  cs: /demo účet|demo účtu/iu,
  de: /demokonto/iu,
  en: /demo account/iu,
  et: /demokonto/iu,
  fa: /حساب دمو/u,
  fi: /demotil/iu,
  fr: /compte démo/iu,
  hi: /डेमो खाता/u,
  hk: /模擬戶口/u,
  id: /akun demo/iu,
  it: /conto demo/iu,
  jp: /デモ口座/u,
  kr: /모의 계좌/u,
  my: /စမ်းသပ်အကောင့်/u,
  pt: /conta demo/iu,
  ru: /демо-счёт/iu,
  spa: /cuenta demo/iu,
  th: /บัญชีทดลอง/u,
  tr: /demo hesa[pb]/iu,
  vn: /tài khoản demo/iu,
};

/** The word for "demo" alone (the badge, demo funds), the one inside each account term above. */
const DEMO_WORD: Record<Language, RegExp> = {
  ar: /تجريبي/u,
  cs: /demo/iu,
  de: /demo/iu,
  en: /demo/iu,
  et: /demo/iu,
  fa: /دمو/u,
  fi: /demo/iu,
  fr: /démo/iu,
  hi: /डेमो/u,
  hk: /模擬/u,
  id: /demo/iu,
  it: /demo/iu,
  jp: /デモ/u,
  kr: /모의/u,
  my: /စမ်းသပ်/u,
  pt: /demo/iu,
  ru: /демо/iu,
  spa: /demo/iu,
  th: /ทดลอง/u,
  tr: /demo/iu,
  vn: /demo/iu,
};

const english = texts('en');

/** The keys whose English names the demo account: new ones are held to the term too. */
const ACCOUNT_KEYS = [...english].filter(([, text]) => /demo account/i.test(text)).map(([k]) => k);

/**
 * The keys whose English says "demo" without "account". The all-capital "DEMO" is another thing:
 * the test site's title (`web.announcement.demo_note`), which some languages keep as is.
 */
const WORD_KEYS = [...english]
  .filter(([key]) => !ACCOUNT_KEYS.includes(key))
  .filter(([, text]) => /\b(?:demo|Demo)\b/.test(text))
  .map(([key]) => key);

/** The keys of `keys` whose text in `locale` does not use `term`, each with its text. */
function offTerm(locale: Map<string, string>, keys: readonly string[], term: RegExp): string[] {
  return keys
    .filter((key) => !term.test(locale.get(key) ?? ''))
    .map((key) => `${key}: ${locale.get(key)}`);
}

/** How each language names the copy-trading tab and screen, as its traders know it. */
const COPY_TRADING: Record<Language, string> = {
  ar: 'نسخ الصفقات',
  cs: 'Copy trading',
  de: 'Copy-Trading',
  en: 'Copy trading',
  et: 'Koopiakauplemine',
  fa: 'کپی ترید',
  fi: 'Kopiokauppa',
  fr: 'Copy trading',
  hi: 'कॉपी ट्रेडिंग',
  hk: '跟單',
  id: 'Copy Trade',
  it: 'Copy trading',
  jp: 'コピートレード',
  kr: '카피트레이딩',
  my: 'ကော်ပီထရိတ်',
  pt: 'Copy trading',
  ru: 'Копитрейдинг',
  spa: 'Copy trading',
  th: 'ก๊อปปี้เทรด',
  tr: 'Kopya Ticaret',
  vn: 'Copy trade',
};

describe('one term for the demo account', () => {
  it('finds every text that names it', () => {
    expect(ACCOUNT_KEYS).toEqual(
      expect.arrayContaining([
        'mock.account.demo_created',
        'mock.account.demo_reset',
        'mock.account.demo_only',
        'mock.ledger.demo_reset',
        'web.login.demo',
        'web.user.mock_account',
        'web.user.reset_demo',
        'web.user.reset_demo_confirm',
        'web.close_reason.demo_reset',
      ]),
    );
    expect(WORD_KEYS).toEqual(['mock.ledger.demo_fund', 'web.demo_badge.label']);
  });

  it.each(LANGUAGES)('%s calls it the same on every screen, toast and ledger line', (language) => {
    const locale = texts(language);
    expect(offTerm(locale, ACCOUNT_KEYS, DEMO_ACCOUNT[language])).toEqual([]);
    expect(offTerm(locale, WORD_KEYS, DEMO_WORD[language])).toEqual([]);
    expect(DEMO_ACCOUNT[language].source).toContain(DEMO_WORD[language].source);
  });

  it('catches a second term', () => {
    const persian = new Map([
      ['web.user.mock_account', 'حساب دمو'],
      ['web.close_reason.demo_reset', 'بازنشانی حساب آزمایشی'],
    ]);
    expect(offTerm(persian, [...persian.keys()], DEMO_ACCOUNT.fa)).toEqual([
      'web.close_reason.demo_reset: بازنشانی حساب آزمایشی',
    ]);
  });
});

/**
 * Where a tab label may break when it has to (U+200B between the words of a compound: "コピー"
 * and "トレード"), invisible: the narrow tab bar keeps Chinese, Japanese and Korean words whole.
 */
const BREAK_HINT = /\u200b/g;

describe('the copy-trading tab', () => {
  it.each(LANGUAGES)('%s names it as its traders do, tab and screen alike', (language) => {
    const locale = texts(language);
    expect(locale.get('web.tabs.documentary')?.replace(BREAK_HINT, '')).toBe(
      COPY_TRADING[language],
    );
    expect(locale.get('web.rank.title')).toBe(COPY_TRADING[language]);
  });
});
