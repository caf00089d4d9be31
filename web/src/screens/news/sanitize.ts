import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

/**
 * News content is HTML from the server (docs/product.md#routes `/news/detail`);
 * docs/architecture.md#texts says it is sanitised before it is rendered. What survives is text
 * formatting, lists, tables, links and images — no script, no event handler, no style, no form, no
 * frame, no SVG or MathML.
 */
export const NEWS_SANITIZE_CONFIG: Readonly<Config> = Object.freeze({
  ALLOWED_TAGS: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  // No `style` (content could cover the app's own controls), no `class` (it would pick up the
  // app's CSS), no `id`/`name` (DOM clobbering), no `width`/`height` (images follow the column).
  ALLOWED_ATTR: ['href', 'src', 'alt', 'title', 'colspan', 'rowspan'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // The text of a dropped wrapper (a `<font>`, an `<svg>`) stays readable.
  KEEP_CONTENT: true,
});

/** What a link may point at: web pages, e-mail, phone numbers, and places on this site. */
const LINK_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto', 'tel']);
/** What an image may load: web images, and raster images written inline. */
const IMAGE_SCHEMES: ReadonlySet<string> = new Set(['http', 'https']);
/**
 * An inline raster image. `data:` is allowed for images only (this project's choice): editors
 * paste screenshots that way, an `<img>` never runs script whatever it loads, and the page's
 * CSP already admits `data:` images. SVG is left out all the same — it is markup, not pixels —
 * and `data:` in a link is refused (a `data:text/html` page is a phishing vehicle).
 */
const INLINE_IMAGE = /^data:image\/(png|gif|jpe?g|webp|avif)(;base64)?,/i;

/**
 * A URL as the browser reads it: ASCII tab and newlines anywhere, and C0 controls and spaces
 * at either end, are dropped (WHATWG URL parsing), so `java\tscript:` is `javascript:`.
 */
function asBrowserReads(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping controls is the point.
  return value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}

/**
 * Whether the `attr` (`href` or `src`) of a `tag` in news content may keep `value`. Links:
 * http(s), mailto, tel, or a scheme-less (relative) address. Images: http(s), a relative
 * address, or an inline raster image. Everything else — `javascript:`, `vbscript:`, `data:`
 * outside images, `blob:`, unknown schemes — is refused.
 */
export function newsUrlAllowed(tag: string, attr: string, value: string): boolean {
  const url = asBrowserReads(value);
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  const isImage = tag.toLowerCase() === 'img' && attr.toLowerCase() === 'src';
  // Relative (a path, a query, `#…`, `//host`): the browser resolves it against this site as
  // a web address, never as a script.
  if (scheme === undefined) return true;
  if (isImage) return IMAGE_SCHEMES.has(scheme) || INLINE_IMAGE.test(url);
  return attr.toLowerCase() === 'href' && LINK_SCHEMES.has(scheme);
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The common character references read back as text (the result is escaped again). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (reference, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? Number.parseInt(name.slice(2), 16)
          : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : reference;
    }
    return ENTITIES[name.toLowerCase()] ?? reference;
  });
}

/**
 * The content as plain text in one paragraph, for a browser DOMPurify cannot run in: tags are
 * dropped and everything left is escaped, so nothing is ever parsed as markup (failing
 * closed — DOMPurify itself would hand back its input unchanged there).
 */
export function plainTextHtml(html: string): string {
  const text = decodeEntities(
    html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<[^>]*>?/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? '' : `<p>${escapeHtml(text)}</p>`;
}

let purifier: Purifier | null | undefined;

/** This module's own DOMPurify, with its hooks; `null` where there is no usable DOM. */
function newsPurifier(): Purifier | null {
  if (purifier !== undefined) return purifier;
  const instance = typeof window === 'undefined' ? null : DOMPurify(window);
  if (!instance?.isSupported) {
    purifier = null;
    return purifier;
  }
  instance.addHook('uponSanitizeAttribute', (node, event) => {
    const name = event.attrName.toLowerCase();
    if (
      (name === 'href' || name === 'src') &&
      !newsUrlAllowed(node.nodeName, name, event.attrValue)
    ) {
      event.keepAttr = false;
    }
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.hasAttribute('href')) {
      // Links leave the app: a new tab that cannot reach back into this one.
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else if (node.nodeName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    }
  });
  purifier = instance;
  return purifier;
}

/**
 * News HTML made safe to render with `innerHTML`: sanitised by DOMPurify with
 * {@link NEWS_SANITIZE_CONFIG} and {@link newsUrlAllowed}; links open in a new tab with
 * `rel="noopener noreferrer"`; images load lazily. Without a DOM, the plain text.
 */
export function sanitizeNewsHtml(html: string): string {
  const instance = newsPurifier();
  if (!instance) return plainTextHtml(html);
  return instance.sanitize(html, NEWS_SANITIZE_CONFIG);
}
