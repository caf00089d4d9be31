/**
 * Where a company's `url` may send the user (company-directory mode): http(s) pages only.
 * A bare host such as `www.example.com` gets `https://` (this project's choice: directory
 * entries are often typed that way); anything else — `javascript:`, a relative path, text
 * that is no address — gives `undefined` and the company shows without a link.
 */
export function companyHref(url: string): string | undefined {
  const text = url.trim();
  if (text === '') return undefined;
  const candidate = /^[a-z][a-z\d+.-]*:/i.test(text)
    ? text
    : /^[\p{L}\d-]+(\.[\p{L}\d-]+)+(:\d+)?([/?#]\S*)?$/u.test(text)
      ? `https://${text}`
      : undefined;
  if (candidate === undefined) return undefined;
  try {
    const parsed = new URL(candidate);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
