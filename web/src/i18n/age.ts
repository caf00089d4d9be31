/**
 * How old something is, in words, the way each language says it (`Intl.RelativeTimeFormat`):
 * what a delayed price shows. Apart from format.ts so the first screen's code does not carry it.
 */
import { LANGUAGE_TAGS, type Language } from '@pipstream/protocol';

const ageFormats = new Map<Language, Intl.RelativeTimeFormat>();

/** The largest unit whose count is 1 or more, up to days: how old something is, in words. */
const AGE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * How long ago something happened, `ms` milliseconds back, the way `language` says it
 * (`'5 min. ago'` in en, `'vor 5 Min.'` in de): whole days past two days, hours past two hours,
 * minutes past a minute, else seconds; never in the future (a clock a little ahead reads as now).
 */
export function formatAge(ms: number, language: Language): string {
  let format = ageFormats.get(language);
  if (format === undefined) {
    // Latin digits as everywhere (`-u-nu-latn`: TypeScript's options lack numberingSystem here).
    format = new Intl.RelativeTimeFormat(`${LANGUAGE_TAGS[language]}-u-nu-latn`, {
      numeric: 'always',
      style: 'short',
    });
    ageFormats.set(language, format);
  }
  const age = Math.max(0, Number.isFinite(ms) ? ms : 0);
  for (const [unit, size] of AGE_UNITS) {
    const limit = unit === 'minute' ? size : 2 * size;
    if (age >= limit) return format.format(-Math.floor(age / size), unit);
  }
  return format.format(-Math.floor(age / 1000), 'second');
}
