/** The app's texts follow the language setting. */
import { subscribe } from 'valtio/vanilla';
import { applyLanguage, latestLanguage } from '../i18n/index.js';
import { settings } from './settings.js';

/**
 * Applies the chosen language now and whenever it changes. Resolves once the first choice's
 * texts are in (or English's in their stead): the app's first render waits for it, so it
 * never shows another language first.
 */
export function followLanguageSetting(): Promise<void> {
  const applied = applyLanguage(settings.language);
  subscribe(settings, () => {
    if (settings.language !== latestLanguage()) void applyLanguage(settings.language);
  });
  return applied;
}
