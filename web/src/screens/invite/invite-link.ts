/**
 * docs/product.md#routes: the invite link is the site origin plus the hash route /register with the
 * code.
 */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/#/register?invite_code=${encodeURIComponent(code)}`;
}
