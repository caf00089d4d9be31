import '../schema-policy.js';
import { ApiError, userSchema } from '@pipstream/protocol';
import { api } from '../api/index.js';
import { browserOffline, whenBack } from '../state/network.js';
import { session, signOut, updateUser } from '../state/session.js';
import { loadBaseSettings } from '../state/site.js';

/**
 * The stored login's check, once the first screen has shown (app/boot.ts; a chunk of its own,
 * as it needs the protocol's schemas): the stored user's shape, a fresh `user/info`, and — for
 * a logged-in user — the base settings. Resolves once `user/info` has answered, either way.
 * Failures are toasted by the API layer (or silent, for initial calls) and never stop the app.
 * While the browser says it is offline it resolves at once and checks once the connection is
 * back, as it does again after a check that failed.
 */
export async function checkStoredLogin(): Promise<void> {
  // A stored user from an older version, or edited by hand, is not trusted: start as a visitor.
  if (session.user !== null && !userSchema.safeParse(session.user).success) signOut();
  if (session.token === null) return;
  // Offline the reads could only fail (the kept orders and balance show meanwhile): they are
  // made once the connection is back.
  if (browserOffline()) {
    whenBack(checkWhenBack);
    return;
  }
  const checked = api.call('userInfo').then(updateUser, (error: unknown) => {
    // `user/info` is initial, so a 999 neither toasts nor redirects; the stored token is dead
    // all the same, so the app continues as a visitor (docs/product.md).
    if (error instanceof ApiError && error.sessionGone) signOut();
    else whenBack(checkWhenBack);
  });
  // The holdings' fees follow the site's trade_fee_type. A visitor's screens that need the base
  // settings read them when they open (the order form, the user centre, registration, chat, the
  // announcement): until then a visitor on `/` loads no REST client at all.
  loadBaseSettings().catch(() => undefined);
  await checked;
}

function checkWhenBack(): void {
  void checkStoredLogin();
}
