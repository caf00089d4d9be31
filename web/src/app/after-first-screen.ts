import '../schema-policy.js';
import { ApiError, userSchema } from '@pipstream/protocol';
import { api } from '../api/index.js';
import { startAlerts } from '../state/alerts.js';
import { session, signOut, updateUser } from '../state/session.js';
import { loadBaseSettings } from '../state/site.js';

/**
 * The start-up work the first screen does not show (see startup.ts): the price alerts, the
 * stored user's check and refresh, and — for a logged-in user — the base settings. Failures
 * are toasted by the API layer (or silent, for initial calls) and never stop the app.
 */
export function afterFirstScreen(): void {
  // The price alerts kept on the device are armed for visitors and users alike.
  startAlerts();
  // A stored user from an older version, or edited by hand, is not trusted: start as a visitor.
  if (session.user !== null && !userSchema.safeParse(session.user).success) signOut();
  if (session.token === null) return;
  api.call('userInfo').then(updateUser, (error: unknown) => {
    // `user/info` is initial, so a 999 neither toasts nor redirects (SPEC §4); the stored
    // token is dead all the same, so the app continues as a visitor (this project's choice).
    if (error instanceof ApiError && error.sessionGone) signOut();
  });
  // The holdings' fees follow the site's trade_fee_type. A visitor's screens that need the base
  // settings read them when they open (the order form, the user centre, registration, chat, the
  // announcement): until then a visitor on `/` loads no REST client at all.
  loadBaseSettings().catch(() => undefined);
}
