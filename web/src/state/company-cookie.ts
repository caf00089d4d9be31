import '../schema-policy.js';
import { type Company, companySchema } from '@pipstream/protocol';

/**
 * The company cookie (docs/product.md#constants: it lasts 3 years). The product does not say what
 * it holds; this project's choice: the company record of `company/getCompany`
 * (docs/product.md#entities Company), the last one the server gave. The company information shows
 * from it at once on the next visit — offline or with the call failing too — and is replaced by
 * every fresh answer. It holds no personal data, only what the site publishes about itself.
 */
export const COMPANY_COOKIE = 'pipstream_company';

/** docs/product.md#constants: the company cookie lasts 3 years. */
export const COMPANY_COOKIE_YEARS = 3;

/** Past this size a cookie risks being dropped (browsers keep 4096 bytes per cookie). */
const MAX_COOKIE_BYTES = 4000;

/**
 * When a cookie written at `now` expires: the same calendar day and time 3 years later (29
 * February falls on 1 March).
 */
export function companyCookieExpiry(now: Date): Date {
  const expiry = new Date(now.getTime());
  expiry.setUTCFullYear(expiry.getUTCFullYear() + COMPANY_COOKIE_YEARS);
  return expiry;
}

/**
 * The `document.cookie` assignment that stores `company` from `now`: site-wide, `SameSite=Lax`,
 * `Secure` on https, with both `Expires` (old browsers) and `Max-Age` (which wins where both are
 * known). `null` when the record would not fit in one cookie.
 *
 * Chromium caps any cookie's life at 400 days; the app writes the cookie again with each fresh
 * answer, so a visitor who comes back within that time keeps it for good.
 */
export function companyCookie(
  company: Company,
  { now, secure }: { readonly now: Date; readonly secure: boolean },
): string | null {
  const expiry = companyCookieExpiry(now);
  const maxAge = Math.round((expiry.getTime() - now.getTime()) / 1000);
  const value = encodeURIComponent(JSON.stringify(companySchema.parse(company)));
  const cookie = [
    `${COMPANY_COOKIE}=${value}`,
    `Expires=${expiry.toUTCString()}`,
    `Max-Age=${maxAge}`,
    'Path=/',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
  return cookie.length > MAX_COOKIE_BYTES ? null : cookie;
}

/**
 * The company stored in `cookies` (a `document.cookie` string), or `null` when there is none or
 * it is not a readable company record (edited by hand, written by another version).
 */
export function readCompanyCookie(cookies: string): Company | null {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at === -1 || pair.slice(0, at).trim() !== COMPANY_COOKIE) continue;
    try {
      const parsed = companySchema.safeParse(JSON.parse(decodeURIComponent(pair.slice(at + 1))));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** The company this browser remembers, if any. */
export function rememberedCompany(): Company | null {
  return typeof document === 'undefined' ? null : readCompanyCookie(document.cookie);
}

/** Remembers `company` in the company cookie for 3 years from now. */
export function rememberCompany(company: Company): void {
  if (typeof document === 'undefined') return;
  const cookie = companyCookie(company, {
    now: new Date(),
    secure: location.protocol === 'https:',
  });
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and from Firefox; the value is built and encoded above.
  if (cookie !== null) document.cookie = cookie;
}
