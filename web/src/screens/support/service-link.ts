import { type BaseSettings, SERVICE_LINK_TYPE, type User } from '@pipstream/protocol';

/** What tapping "customer service" does (docs/product.md#routes, by `service_link_type`). */
export type ServiceEntry =
  /** 2: the link in a dialog with a copy button. */
  | { readonly kind: 'dialog'; readonly link: string }
  /** 3: the browser goes to the link. */
  | { readonly kind: 'redirect'; readonly link: string }
  /** Anything else: the in-app chat, `/mine/chat`. */
  | { readonly kind: 'chat' };

/** The route of the in-app chat. */
export const CHAT_ROUTE = '/mine/chat';

/**
 * The support link as an absolute http(s) URL, resolved against `origin` (an operator may set a
 * path on the site itself), or `undefined` when it is empty or of another scheme. A
 * `javascript:` or `data:` link never reaches an iframe or `location` (this project's choice:
 * the link is operator data, and the app treats it like any other outside input).
 */
export function safeServiceUrl(link: string, origin: string): URL | undefined {
  const trimmed = link.trim();
  if (trimmed === '') return undefined;
  let url: URL;
  try {
    url = new URL(trimmed, origin);
  } catch {
    return undefined;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
}

/**
 * docs/product.md#routes: what customer service opens for these base settings. The dialog and the
 * redirect need a usable link; without one they fall back to the in-app chat, which says that no
 * link is configured (this project's choice: the row never does nothing). Settings not loaded yet
 * also mean the chat.
 */
export function serviceEntry(
  base: Pick<BaseSettings, 'service_link' | 'service_link_type'> | null,
  origin: string,
): ServiceEntry {
  const url = base ? safeServiceUrl(base.service_link, origin) : undefined;
  if (!base || !url) return { kind: 'chat' };
  if (base.service_link_type === SERVICE_LINK_TYPE.DIALOG)
    return { kind: 'dialog', link: url.href };
  if (base.service_link_type === SERVICE_LINK_TYPE.REDIRECT) {
    return { kind: 'redirect', link: url.href };
  }
  return { kind: 'chat' };
}

/**
 * The query parameters the support page reads the user from (docs/product.md#routes: uid and
 * e-mail).
 */
export const CHAT_PARAMS = { uid: 'uid', email: 'email' } as const;

/**
 * docs/product.md#routes: the page the in-app chat embeds. Logged in, the link carries the user's
 * uid and e-mail as query parameters (encoded, replacing any of the same name the link already had,
 * before its `#fragment`); a visitor gets the plain link. A phone account has no e-mail: the
 * parameter is left out rather than sent empty (this project's choice). `undefined` when the link
 * is not usable (see `safeServiceUrl`).
 */
export function chatUrl(
  link: string,
  user: Pick<User, 'uid' | 'email'> | null,
  origin: string,
): string | undefined {
  const url = safeServiceUrl(link, origin);
  if (!url) return undefined;
  if (user) {
    url.searchParams.set(CHAT_PARAMS.uid, user.uid);
    if (user.email !== '') url.searchParams.set(CHAT_PARAMS.email, user.email);
    else url.searchParams.delete(CHAT_PARAMS.email);
  }
  return url.href;
}
