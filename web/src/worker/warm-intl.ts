/**
 * Warms the engine's ICU number formatting off the main thread. The first
 * `Intl.NumberFormat` a page creates loads ICU's locale and number data, a long task on a slow
 * phone; that data is cached for the whole process, which the worker shares with the page.
 * Created here, while the worker waits on its socket, it no longer lands on the main thread
 * between the first quotes' arrival and their paint.
 */

/**
 * Creates and uses one number format the way the quote rows do (fixed fraction digits, Latin
 * digits, a sign) and returns its text, so the work cannot be skipped.
 */
export function warmNumberFormatting(locale = 'en'): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 5,
    maximumFractionDigits: 5,
    numberingSystem: 'latn',
    signDisplay: 'exceptZero',
  }).format('-1234.56789' as Intl.StringNumericLiteral);
}
