/**
 * A number of lots in words, in the chosen language: "0.50 lots", "1.00 lots", "0,50 лота",
 * "5,00 лотов". The figure is the protocol's `lotsText` (the same everywhere) in the
 * language's separators; the noun takes the plural form the language gives that figure as it
 * is written, visible decimals included.
 *
 * i18next picks a plural form from a number alone, and a number has no decimals: it would write
 * "1.00 lot" in English and "1,00 лот" in Russian, where CLDR's rules (and a reader) want
 * "1.00 lots" and "1,00 лота". So the form is picked here with `Intl.PluralRules` told the
 * decimals, from the same `_one` / `_few` / … / `_other` keys i18next uses, which the locale
 * tests check language by language.
 */
import { LANGUAGE_TAGS, type Language, lotsText } from '@pipstream/protocol';
import type { TFunction } from 'i18next';
import { localizeDecimal } from './format.js';

/** The text of a number of lots, `{{lots}} lots`, with a key per plural form (`…_one`). */
export const LOT_COUNT_KEY = 'web.order.lots_value';

const rules = new Map<string, Intl.PluralRules>();

/**
 * The plural form `language` gives the exact decimal `text` as written: in English `'1'` is
 * `one` but `'1.00'` is `other`; in Russian `'21'` is `one`, `'3'` `few`, `'5'` `many`, `'0.50'`
 * `other`.
 */
export function pluralFormOf(text: string, language: Language): Intl.LDMLPluralRule {
  const decimals = text.split('.')[1]?.length ?? 0;
  const key = `${language}|${decimals}`;
  let rule = rules.get(key);
  if (rule === undefined) {
    rule = new Intl.PluralRules(LANGUAGE_TAGS[language], {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    rules.set(key, rule);
  }
  return rule.select(Number(text));
}

/** `lots` in words in `language` ("0,50 лота"), through `t` of that language. */
export function lotCount(lots: number, language: Language, t: TFunction): string {
  const text = lotsText(lots);
  const form = pluralFormOf(text, language);
  return t([`${LOT_COUNT_KEY}_${form}`, `${LOT_COUNT_KEY}_other`], {
    lots: localizeDecimal(text, language),
  });
}
