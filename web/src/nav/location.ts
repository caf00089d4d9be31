import { useSyncExternalStore } from 'react';

/**
 * Hash locations with the query inside the hash, as the product's links are written
 * (`origin/#/register?invite_code=…`). wouter's own hash hook treats `?…` as part of the path and
 * writes queries before the hash, so the app uses these instead: `path` and `search` both come from
 * the hash, and `navigate` writes both into it.
 */

/** The path and query of a location hash: `#/order?type=1` → `/order`, `type=1`. */
export function splitHash(hash: string): { path: string; search: string } {
  const raw = hash.replace(/^#?\/?/, '');
  const at = raw.indexOf('?');
  const path = `/${at === -1 ? raw : raw.slice(0, at)}`;
  return {
    // `/order/` and `/order` are the same screen.
    path: path.length > 1 ? path.replace(/\/+$/, '') : path,
    search: at === -1 ? '' : raw.slice(at + 1),
  };
}

/** `path?query` of the current location, as routes and `from` values write it. */
export function currentTarget(): string {
  const { path, search } = splitHash(location.hash);
  return search ? `${path}?${search}` : path;
}

const IN_APP = { pipstream: true } as const;

function isInAppEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'pipstream' in state;
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) addEventListener('hashchange', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) removeEventListener('hashchange', notify);
  };
}

const currentPath = () => splitHash(location.hash).path;
const currentSearch = () => splitHash(location.hash).search;

/** Goes to `to` (`/path?query`), adding a history entry unless `replace`. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const oldURL = location.href;
  const url = new URL(oldURL);
  url.hash = to.startsWith('/') ? to : `/${to}`;
  const newURL = url.href;
  if (newURL === oldURL) return;
  // Entries the app pushes are marked, so `goBack` knows whether "back" stays in the app.
  if (options.replace) history.replaceState(history.state, '', newURL);
  else history.pushState(IN_APP, '', newURL);
  // pushState and replaceState fire nothing: announce the change as the browser would.
  dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL }));
}

/**
 * Goes back one entry when the current one was opened from within the app; otherwise (a deep
 * link, a fresh tab) to `fallback`, so "back" never leaves the app.
 */
export function goBack(fallback = '/'): void {
  if (isInAppEntry(history.state)) history.back();
  else navigate(fallback, { replace: true });
}

/** wouter location hook: the path part of the hash, and `navigate`. */
export function useHashPath(): [string, typeof navigate] {
  return [useSyncExternalStore(subscribe, currentPath, () => '/'), navigate];
}

/** wouter search hook: the query part of the hash. */
export function useHashSearch(): string {
  return useSyncExternalStore(subscribe, currentSearch, () => '');
}

/** wouter `hrefs`: links are written as hashes. */
export const hashHref = (href: string) => `#${href}`;

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
