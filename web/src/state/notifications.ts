/**
 * System notifications (the Notification API) for what the trader asked to hear of even when
 * the app is in the background. Permission is asked only from a tap (`askPermission`), never
 * on its own; nothing is shown unless it was granted.
 */
import { proxy } from 'valtio/vanilla';

export type NotificationAccess = NotificationPermission | 'unsupported';

function currentAccess(): NotificationAccess {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

export const notifications = proxy<{ access: NotificationAccess }>({ access: currentAccess() });

/** Asks the browser for permission; call it only from the handler of a tap or a key. */
export async function askPermission(): Promise<NotificationAccess> {
  if (typeof Notification === 'undefined') return 'unsupported';
  try {
    notifications.access = await Notification.requestPermission();
  } catch {
    notifications.access = currentAccess();
  }
  return notifications.access;
}

/**
 * Shows a system notification when permission was granted; `tag` replaces an earlier one with
 * the same tag (another tab telling the same news). Phones that refuse `new Notification` take
 * it through the service worker, when one is registered; a refusal only loses that notice.
 */
export function notify(title: string, body: string, tag: string): void {
  notifications.access = currentAccess();
  if (notifications.access !== 'granted') return;
  const options = { body, tag, lang: document.documentElement.lang };
  try {
    new Notification(title, options);
  } catch {
    void navigator.serviceWorker
      ?.getRegistration()
      .then((registration) => registration?.showNotification(title, options))
      .catch(() => undefined);
  }
}
