/**
 * Reading a text out of a locale file, for the mock upstream's messages. The files follow
 * i18next's JSON v4 format (nested keys, `{{name}}` placeholders, plural forms as `key_one`,
 * `key_few`, …, `key_other` picked by the language's cardinal rules); the web app reads them
 * with i18next itself, the mock — a Node process answering in the `lang` header's language —
 * with this lookup.
 */

/** Values for a text's `{{name}}` placeholders; a numeric `count` also picks the plural form. */
export type TextParams = Readonly<Record<string, string | number>>;

/** A locale file's section, or the whole file: nested objects with string leaves. */
export type TextCatalogue = Readonly<Record<string, unknown>>;

const pluralRulesByTag = new Map<string, Intl.PluralRules>();

/** The cardinal plural rules of a BCP 47 tag, made once (they are costly to build). */
function pluralRules(tag: string): Intl.PluralRules {
  let rules = pluralRulesByTag.get(tag);
  if (rules === undefined) {
    rules = new Intl.PluralRules(tag);
    pluralRulesByTag.set(tag, rules);
  }
  return rules;
}

/** The non-empty string at dotted `key` of `catalogue`, if there is one. */
function lookup(catalogue: TextCatalogue | undefined, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as TextCatalogue)[part];
  }
  return typeof node === 'string' && node !== '' ? node : undefined;
}

/**
 * The template of `key` in `catalogue` (written in the language tagged `tag`): with a numeric
 * `count` in `params`, the plural form the language's rules pick, then `key_other`, then `key`
 * itself. `undefined` when the catalogue has none of them (empty texts count as missing: a
 * translation still being written).
 */
export function findText(
  catalogue: TextCatalogue | undefined,
  tag: string,
  key: string,
  params?: TextParams,
): string | undefined {
  const count = params?.count;
  if (typeof count !== 'number') return lookup(catalogue, key);
  return (
    lookup(catalogue, `${key}_${pluralRules(tag).select(count)}`) ??
    lookup(catalogue, `${key}_other`) ??
    lookup(catalogue, key)
  );
}

/** `template` with its `{{name}}` placeholders filled from `params`; unknown names stay. */
export function interpolate(template: string, params?: TextParams): string {
  if (params === undefined || !template.includes('{{')) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
