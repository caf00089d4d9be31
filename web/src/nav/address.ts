/**
 * The address the app runs at, made tidy before the app reads it:
 * - links written before the app moved to path routes keep working: an invite link
 *   (`origin/#/register?invite_code=…`, the form the product gives it), a bookmark, an installed
 *   app's start URL. Their route and query are in the hash, which never reaches the server;
 * - a link's `?lang=` chooses the language of the visit (state/settings.ts reads it as the entry
 *   evaluates) and then leaves the address, so routes and a login's `from` never carry it;
 * - `/order/` is `/order`.
 */

function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/**
 * The tidy form of an address (`?lang=en#/trade?id=1` → `/trade?id=1`; the hash's query first,
 * a name in both keeping the hash's value), or `undefined` when it is tidy already.
 */
export function tidyAddressOf(pathname: string, search: string, hash: string): string | undefined {
  const hashRoute = hash === '#' || hash.startsWith('#/');
  const raw = hashRoute ? hash.slice(1) : '';
  const at = raw.indexOf('?');
  const path = hashRoute
    ? withoutTrailingSlash((at === -1 ? raw : raw.slice(0, at)) || '/')
    : withoutTrailingSlash(pathname);
  const query = new URLSearchParams(hashRoute && at !== -1 ? raw.slice(at + 1) : '');
  for (const [name, value] of new URLSearchParams(search)) {
    if (!query.has(name)) query.append(name, value);
  }
  const named = query.has('lang');
  query.delete('lang');
  if (!hashRoute && !named && path === pathname) return undefined;
  const text = query.toString();
  return `${path}${text ? `?${text}` : ''}${hashRoute ? '' : hash}`;
}

/** Rewrites the current address into its tidy form, in place, before the app reads its route. */
export function tidyAddress(): void {
  const to = tidyAddressOf(location.pathname, location.search, location.hash);
  if (to !== undefined) history.replaceState(history.state, '', to);
}
