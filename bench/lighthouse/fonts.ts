/**
 * Whether this machine has a font for the visitor's language. A visitor's `/` is in Traditional
 * Chinese (hk, the product's default language); every phone ships a Han font, but a bare Debian has
 * none, and then Chromium searches its fallback list at the first text layout — ~100 ms
 * unthrottled, ×4 in the audit's CPU model, charged to TBT. The audit is like a phone's only with
 * such a font (`apt-get install fonts-noto-cjk`); the report says which it had.
 */
import { execFileSync } from 'node:child_process';

/** fontconfig's tag for the visitor's language (hk → zh-Hant-HK). */
const VISITOR_FONT_LANG = 'zh-hk';

/** Whether `fc-list :lang=…` output names at least one font. */
export function listsAFont(fcListOutput: string): boolean {
  return fcListOutput.split('\n').some((line) => line.trim().length > 0);
}

/** true / false when fontconfig answers; null when it cannot be asked. */
export function visitorFontInstalled(): boolean | null {
  try {
    return listsAFont(
      execFileSync('fc-list', [`:lang=${VISITOR_FONT_LANG}`, 'family'], { encoding: 'utf8' }),
    );
  } catch {
    return null;
  }
}

/** One line for the report. */
export function fontNote(installed: boolean | null): string {
  if (installed === null) return 'Han font for the visitor’s hk text: unknown (no fc-list).';
  return installed
    ? 'A Han font for the visitor’s hk text is installed, as on a phone.'
    : 'No Han font for the visitor’s hk text on this machine (a phone has one): Chromium’s font ' +
        'fallback search inflates TBT; install `fonts-noto-cjk` for a like-for-like audit.';
}
