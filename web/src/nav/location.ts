import { navigate as browserNavigate, useBrowserLocation } from 'wouter/use-browser-location';

/**
 * Path locations (`/trade?id=1`), the browser's own: the gateway sees which screen a link
 * opens and can send that screen's first paint in the page. wouter's browser location reads
 * them; `navigate` marks the entries the app adds, so `goBack` knows whether "back" stays in
 * the app. Links of the older hash form (`/#/register?invite_code=…`) are rewritten on load
 * (nav/address.ts).
 */

/** The path of a target (`/order?type=1` → `/order`). */
export function pathOf(target: string): string {
  const at = target.indexOf('?');
  return at === -1 ? target : target.slice(0, at);
}

/** `path?query` of the current location, as routes and `from` values write it. */
export function currentTarget(): string {
  return `${location.pathname}${location.search}`;
}

/** The path of the current location (`/trade`). */
export function currentPath(): string {
  return location.pathname;
}

const IN_APP = { pipstream: true } as const;

function isInAppEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'pipstream' in state;
}

/** Goes to `to` (`/path?query`), adding a history entry unless `replace`. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const target = to.startsWith('/') ? to : `/${to}`;
  if (target === currentTarget()) return;
  // Entries the app pushes are marked; a replaced one keeps the mark it had.
  if (options.replace) browserNavigate(target, { replace: true, state: history.state });
  else browserNavigate(target, { state: IN_APP });
}

/**
 * Goes back one entry when the current one was opened from within the app; otherwise (a deep
 * link, a fresh tab) to `fallback`, so "back" never leaves the app.
 */
export function goBack(fallback = '/'): void {
  if (isInAppEntry(history.state)) history.back();
  else navigate(fallback, { replace: true });
}

/** wouter location hook: the browser's path, and `navigate` (which marks in-app entries). */
export function useAppLocation(): [string, typeof navigate] {
  return [useBrowserLocation()[0], navigate];
}

/** The login screen that brings the user back to `wanted` (a path with its query) afterwards. */
export function loginFrom(wanted: string): string {
  return `/login?from=${encodeURIComponent(wanted)}`;
}

/**
 * The `from` of a login screen, if it names a page of this app: a path starting with one `/`.
 * Anything else (absent, a full URL, `//host`) gives `undefined`, so a crafted link cannot send
 * a user elsewhere after logging in.
 */
export function safeFrom(search: string): string | undefined {
  const from = new URLSearchParams(search).get('from');
  if (!from?.startsWith('/') || from.startsWith('//')) return undefined;
  return from;
}
