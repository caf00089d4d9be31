/**
 * The catalogue's names in the caller's language: category names (NameShowTrans, whose very
 * name says it is translated) and the display names of instruments listed under a name
 * rather than a ticker. Texts come from the locale files' `mock.market` section, in the `lang`
 * a call carries (English for an unknown one).
 */
import type { Category } from '../../schemas/market.js';
import type { Messages } from '../messages.js';
import { CATEGORIES, INSTRUMENT_NAMES } from './catalogue.js';

export interface CatalogueNames {
  /** Every category in display order, named in `lang`. */
  categories(lang: string): Category[];
  /** `item` with its ShowCode in `lang` where the catalogue names it; else `item` itself. */
  named<T extends { readonly Code: string; readonly ShowCode: string }>(item: T, lang: string): T;
}

export function createCatalogueNames(messages: Messages): CatalogueNames {
  return {
    categories: (lang) =>
      CATEGORIES.map(({ Id, name }) => ({ Id, NameShowTrans: messages.t(lang, name) })),
    named(item, lang) {
      const name = INSTRUMENT_NAMES[item.Code];
      return name === undefined ? item : { ...item, ShowCode: messages.t(lang, name) };
    },
  };
}
