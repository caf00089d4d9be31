/**
 * Registers the service worker (service-worker/sw.ts) once the first screen has shown: its
 * code and the shell it downloads are never on the first screen's path. A new version waiting
 * to take over says so once per start; it opens the next time the app is started.
 */
import { subscribeKey } from 'valtio/vanilla/utils';
import { Workbox } from 'workbox-window';
import { i18n } from '../i18n/index.js';
import {
  KEEP_LANGUAGE,
  type KeepLanguageMessage,
  languageChunkUrls,
} from '../service-worker/requests.js';
import { settings } from '../state/settings.js';
import { showToast } from '../state/ui.js';

/** Long enough to be read: the notice changes nothing on screen (this project's choice). */
const UPDATE_NOTICE_MS = 8000;

/** The URLs of the chosen language's chunk this page has loaded. */
function languageUrls(): string[] {
  const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
  return languageChunkUrls(loaded, settings.language, location.origin);
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const worker = new Workbox('/sw.js');
  worker.addEventListener('waiting', () => {
    showToast(i18n.t('web.app_update.ready'), 'info', UPDATE_NOTICE_MS);
  });
  await worker.register();
  // The chosen language's texts, loaded before the worker could see them; and each language
  // chosen later, once its texts are in (the app switches to a language once they are).
  const keepLanguage = () => {
    const urls = languageUrls();
    if (urls.length === 0) return;
    const message: KeepLanguageMessage = { type: KEEP_LANGUAGE, urls };
    void worker.messageSW(message).catch(() => undefined);
  };
  keepLanguage();
  i18n.on('languageChanged', keepLanguage);
  subscribeKey(settings, 'language', keepLanguage);
}
