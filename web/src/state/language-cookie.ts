/**
 * The chosen language, kept in a cookie as well as on the device: the gateway reads it to
 * paint the page's first screen in that language (gateway/src/web/first-screen). It carries the
 * language code alone, nothing of the account.
 */
import { LANGUAGE_COOKIE } from '@pipstream/protocol';
import { subscribeKey } from 'valtio/vanilla/utils';
import { settings } from './settings.js';

/** A year: the choice lasts as long as the device keeps it. */
const MAX_AGE_S = 365 * 24 * 3600;

function writeCookie(language: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and from Firefox; the value is one encoded code.
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=${MAX_AGE_S}; samesite=lax`;
}

/** Writes the language the app opens in, and each one chosen after. */
export function followLanguageCookie(): void {
  writeCookie(settings.language);
  subscribeKey(settings, 'language', writeCookie);
}
