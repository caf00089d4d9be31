import type { AreaCode, BaseSettings, Language } from '@pipstream/protocol';
import { proxy } from 'valtio/vanilla';
import { pickLanguage } from '../i18n/languages.js';
import { browserStorage, readJson, writeJson } from './storage.js';

export interface SettingsState {
  /** The chosen language; it drives the text and the `lang` header of every call. */
  language: Language;
  /** Base settings of docs/product.md#entities, once loaded. */
  base: BaseSettings | null;
  /** Company-directory mode (docs/product.md#states: the startup check answered type 0). */
  directoryMode: boolean;
  /** Phone area codes, once loaded. */
  areaCodes: AreaCode[] | null;
  /** A close is sent without its confirmation (off until the trader turns it on). */
  oneTapClose: boolean;
  /**
   * The most, in pips, a market order or a close may fill from the price the trader confirmed
   * (docs/product.md#trusting-live-figures); `null` until they choose, which means the protocol's
   * `DEFAULT_DEVIATION_PIPS`.
   */
  deviationPips: number | null;
}

const LANGUAGE_KEY = 'pipstream.lang';
const ONE_TAP_CLOSE_KEY = 'pipstream.one_tap_close';
const DEVIATION_KEY = 'pipstream.deviation_pips';
const storage = browserStorage();

function queryLanguage(): string | null {
  // A shared link may name the language: `/news?lang=en` (this project’s choice).
  return typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lang');
}

export const settings = proxy<SettingsState>({
  language: pickLanguage(readJson(storage, LANGUAGE_KEY), queryLanguage()),
  base: null,
  directoryMode: false,
  areaCodes: null,
  // Only a stored `true` turns it on: anything else the device kept leaves the safe default.
  oneTapClose: readJson(storage, ONE_TAP_CLOSE_KEY) === true,
  deviationPips: keptDeviation(readJson(storage, DEVIATION_KEY)),
});

/** A kept deviation (its bounds are the order form's to apply), or `null` for anything else. */
function keptDeviation(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/** Chooses the language and keeps the choice for the next visit. */
export function setLanguage(language: Language): void {
  settings.language = language;
  writeJson(storage, LANGUAGE_KEY, language);
}

/** Turns the one-tap close on or off, and keeps the choice for the next visit. */
export function setOneTapClose(on: boolean): void {
  settings.oneTapClose = on;
  writeJson(storage, ONE_TAP_CLOSE_KEY, on);
}

/** Sets the deviation a market order or close may fill within (pips), kept for the next visit. */
export function setDeviationPips(pips: number): void {
  settings.deviationPips = pips;
  writeJson(storage, DEVIATION_KEY, pips);
}
