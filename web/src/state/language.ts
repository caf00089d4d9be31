/** The app's texts follow the language setting. */
import { subscribe } from 'valtio/vanilla';
import { applyLanguage, latestLanguage } from '../i18n/index.js';
import { settings } from './settings.js';

/** Applies the chosen language now and whenever it changes. */
export function followLanguageSetting(): void {
  void applyLanguage(settings.language);
  subscribe(settings, () => {
    if (settings.language !== latestLanguage()) void applyLanguage(settings.language);
  });
}
