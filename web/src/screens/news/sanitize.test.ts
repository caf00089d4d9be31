import { describe, expect, it } from 'vitest';
import {
  NEWS_SANITIZE_CONFIG,
  newsUrlAllowed,
  plainTextHtml,
  sanitizeNewsHtml,
} from './sanitize.js';

// DOMPurify itself needs a DOM: its work is pinned by tests/browser/content.test.ts. These pin
// the URL policy its hook applies, the configuration, and the fallback without a DOM.

describe('newsUrlAllowed', () => {
  it.each([
    ['a', 'href', 'https://www.pipstream.example/calendar'],
    ['a', 'href', 'http://example.com/'],
    ['a', 'href', 'mailto:support@pipstream.example'],
    ['a', 'href', 'tel:+85212345678'],
    ['a', 'href', '/news/detail?id=3'],
    ['a', 'href', '#section'],
    ['a', 'href', '//cdn.example/page'],
    ['A', 'HREF', 'HTTPS://EXAMPLE.COM'],
    ['img', 'src', 'https://cdn.example/chart.png'],
    ['img', 'src', '/news/1.svg'],
    ['img', 'src', 'data:image/png;base64,iVBORw0KGgo='],
    ['IMG', 'src', 'data:image/jpeg;base64,/9j/4AAQ'],
    ['img', 'src', 'data:image/webp;base64,UklGRg=='],
  ])('keeps %s %s="%s"', (tag, attr, value) => {
    expect(newsUrlAllowed(tag, attr, value)).toBe(true);
  });

  it.each([
    ['a', 'href', 'javascript:alert(1)'],
    ['a', 'href', 'JavaScript:alert(1)'],
    ['a', 'href', '  javascript:alert(1)'],
    ['a', 'href', 'java\tscript:alert(1)'],
    ['a', 'href', 'java\nscript:alert(1)'],
    ['a', 'href', '\u0001javascript:alert(1)'],
    ['a', 'href', 'vbscript:msgbox(1)'],
    ['a', 'href', 'data:text/html,<script>alert(1)</script>'],
    ['a', 'href', 'data:image/png;base64,iVBORw0KGgo='],
    ['a', 'href', 'blob:https://example.com/1'],
    ['a', 'href', 'file:///etc/passwd'],
    ['img', 'src', 'javascript:alert(1)'],
    ['img', 'src', 'data:image/svg+xml,<svg onload=alert(1)>'],
    ['img', 'src', 'data:text/html,<b>x</b>'],
    ['img', 'src', 'mailto:a@example.com'],
    ['a', 'src', 'https://example.com/'],
  ])('refuses %s %s="%s"', (tag, attr, value) => {
    expect(newsUrlAllowed(tag, attr, value)).toBe(false);
  });
});

describe('NEWS_SANITIZE_CONFIG', () => {
  it('allows no element or attribute that can run script or restyle the app', () => {
    const tags: readonly string[] = NEWS_SANITIZE_CONFIG.ALLOWED_TAGS as string[];
    for (const tag of ['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'form']) {
      expect(tags).not.toContain(tag);
    }
    expect(NEWS_SANITIZE_CONFIG.ALLOWED_ATTR).toEqual([
      'href',
      'src',
      'alt',
      'title',
      'colspan',
      'rowspan',
    ]);
    expect(NEWS_SANITIZE_CONFIG.ALLOW_DATA_ATTR).toBe(false);
    expect(NEWS_SANITIZE_CONFIG.ALLOW_UNKNOWN_PROTOCOLS).toBe(false);
    expect(Object.isFrozen(NEWS_SANITIZE_CONFIG)).toBe(true);
  });
});

describe('without a DOM', () => {
  const hostile =
    '<p>Safe <b>text</b> &amp; more</p><script>window.pwned=1</script>' +
    '<img src=x onerror="window.pwned=1"><a href="javascript:alert(1)">link</a>';

  it('renders the plain text, escaped, with no markup of the content', () => {
    expect(plainTextHtml(hostile)).toBe('<p>Safe text &amp; more link</p>');
    expect(plainTextHtml('<p>a &lt;b&gt; &#99; &#x64; "q"</p>')).toBe(
      '<p>a &lt;b&gt; c d &quot;q&quot;</p>',
    );
    expect(plainTextHtml('&lt;script&gt;x&lt;/script&gt;')).toBe(
      '<p>&lt;script&gt;x&lt;/script&gt;</p>',
    );
    expect(plainTextHtml('<p> </p>')).toBe('');
  });

  it('sanitizeNewsHtml fails closed to the plain text', () => {
    const html = sanitizeNewsHtml(hostile);
    expect(html).toBe(plainTextHtml(hostile));
    expect(html).not.toMatch(/<(?!\/?p>)/);
    expect(html).not.toContain('pwned');
  });
});
