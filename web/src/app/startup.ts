import { ApiError, type CompanyStatus, userSchema } from '@pipstream/protocol';
import { api } from '../api/index.js';
import { session, signOut, updateUser } from '../state/session.js';
import { settings } from '../state/settings.js';
import { loadBaseSettings } from '../state/site.js';

/** What the startup check of SPEC §4 asks for. */
export type StartupDecision =
  | { readonly action: 'leave'; readonly url: string }
  | { readonly action: 'stay'; readonly directoryMode: boolean };

/**
 * SPEC §4: status 0 sends the browser to `loss_url`; otherwise type 0 switches the app to
 * company-directory mode. A status 0 without a usable http(s) `loss_url` keeps the app
 * running (this project's choice: there is nowhere to send the user).
 */
export function decideStartup(status: CompanyStatus): StartupDecision {
  if (status.status === 0 && /^https?:\/\//i.test(status.loss_url)) {
    return { action: 'leave', url: status.loss_url };
  }
  return { action: 'stay', directoryMode: status.type === 0 };
}

/**
 * Runs the startup sequence: the status check first, then — once `firstScreen` resolves —
 * the stored user's check and refresh, and the base settings. Failures are toasted by the
 * API layer (or silent, for initial calls) and never stop the app.
 */
export async function startApp(firstScreen: Promise<void> = Promise.resolve()): Promise<void> {
  try {
    const decision = decideStartup(await api.call('companyStatus'));
    if (decision.action === 'leave') {
      location.replace(decision.url);
      return;
    }
    settings.directoryMode = decision.directoryMode;
  } catch {
    // Already reported; the app runs in its normal mode.
  }
  await firstScreen;
  // A stored user from an older version, or edited by hand, is not trusted: start as a visitor.
  if (session.user !== null && !userSchema.safeParse(session.user).success) signOut();
  if (session.token !== null) {
    api.call('userInfo').then(updateUser, (error: unknown) => {
      // `user/info` is initial, so a 999 neither toasts nor redirects (SPEC §4); the stored
      // token is dead all the same, so the app continues as a visitor (this project's choice).
      if (error instanceof ApiError && error.sessionGone) signOut();
    });
  }
  loadBaseSettings().catch(() => undefined);
}
