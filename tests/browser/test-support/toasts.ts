/**
 * Every toast a page shows, however briefly: a failure may toast and go within a poll's
 * interval, and a test of a quiet outage must know that none did.
 */
import type { AppPage } from './browser.js';

/** One toast as shown: its text and its tone (`info`, `success` or `error`). */
export interface SeenToast {
  readonly text: string;
  readonly tone: string;
}

/**
 * From the next page load on, every toast the page shows, in `window.toastsSeen` (read by
 * `toastsSeen`): watched before the app's first script runs.
 */
export async function recordToasts(app: AppPage): Promise<void> {
  await app.context.addInitScript(() => {
    const seen: { text: string; tone: string }[] = [];
    Object.assign(window, { toastsSeen: seen });
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.toast-host .toast')) {
        const text = toast.textContent ?? '';
        const tone = /toast-(\w+)/.exec(toast.className)?.[1] ?? '';
        if (!seen.some((one) => one.text === text && one.tone === tone)) seen.push({ text, tone });
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The toasts the page has shown since it loaded (of one tone, when given). */
export async function toastsSeen(app: AppPage, tone?: string): Promise<SeenToast[]> {
  const seen = await app.page.evaluate(
    () => (window as { toastsSeen?: SeenToast[] }).toastsSeen ?? [],
  );
  return tone === undefined ? seen : seen.filter((toast) => toast.tone === tone);
}
