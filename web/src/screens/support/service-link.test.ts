import { SERVICE_LINK_TYPE } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { chatUrl, safeServiceUrl, serviceEntry } from './service-link.js';

const ORIGIN = 'https://app.example';
const LINK = 'https://support.example/chat';
const settings = (service_link_type: number, service_link = LINK) => ({
  service_link,
  service_link_type,
});

describe('safeServiceUrl', () => {
  it('takes http and https links, and paths on the site itself', () => {
    expect(safeServiceUrl(LINK, ORIGIN)?.href).toBe(LINK);
    expect(safeServiceUrl(' http://support.example/x ', ORIGIN)?.href).toBe(
      'http://support.example/x',
    );
    expect(safeServiceUrl('/support', ORIGIN)?.href).toBe('https://app.example/support');
  });

  it('refuses empty links and other schemes', () => {
    expect(safeServiceUrl('', ORIGIN)).toBeUndefined();
    expect(safeServiceUrl('   ', ORIGIN)).toBeUndefined();
    expect(safeServiceUrl('javascript:alert(1)', ORIGIN)).toBeUndefined();
    expect(safeServiceUrl('JavaScript:alert(1)', ORIGIN)).toBeUndefined();
    expect(safeServiceUrl('data:text/html,<script>1</script>', ORIGIN)).toBeUndefined();
    expect(safeServiceUrl('http://[bad', ORIGIN)).toBeUndefined();
  });
});

describe('serviceEntry (docs/product.md#routes)', () => {
  it('shows the link in a dialog for type 2', () => {
    expect(serviceEntry(settings(SERVICE_LINK_TYPE.DIALOG), ORIGIN)).toEqual({
      kind: 'dialog',
      link: LINK,
    });
  });

  it('redirects to the link for type 3', () => {
    expect(serviceEntry(settings(SERVICE_LINK_TYPE.REDIRECT), ORIGIN)).toEqual({
      kind: 'redirect',
      link: LINK,
    });
  });

  it('opens the in-app chat for any other type', () => {
    for (const type of [SERVICE_LINK_TYPE.CHAT, 0, 4, -1]) {
      expect(serviceEntry(settings(type), ORIGIN)).toEqual({ kind: 'chat' });
    }
  });

  it('opens the chat (which explains) when there is no usable link or no settings yet', () => {
    expect(serviceEntry(settings(SERVICE_LINK_TYPE.DIALOG, ''), ORIGIN)).toEqual({
      kind: 'chat',
    });
    expect(serviceEntry(settings(SERVICE_LINK_TYPE.REDIRECT, 'javascript:x()'), ORIGIN)).toEqual({
      kind: 'chat',
    });
    expect(serviceEntry(null, ORIGIN)).toEqual({ kind: 'chat' });
  });
});

describe('chatUrl (docs/product.md#routes)', () => {
  const user = { uid: 'U123', email: 'ann+test@example.com' };

  it('passes the uid and e-mail of a logged-in user, encoded', () => {
    const url = new URL(chatUrl(LINK, user, ORIGIN) ?? '');
    expect(url.origin + url.pathname).toBe(LINK);
    expect(url.searchParams.get('uid')).toBe('U123');
    expect(url.searchParams.get('email')).toBe('ann+test@example.com');
    expect(url.search).toBe('?uid=U123&email=ann%2Btest%40example.com');
  });

  it('keeps the link’s own query and fragment, and replaces a uid it already had', () => {
    const link = 'https://support.example/chat?lang=en&uid=someone-else#start';
    expect(chatUrl(link, user, ORIGIN)).toBe(
      'https://support.example/chat?lang=en&uid=U123&email=ann%2Btest%40example.com#start',
    );
  });

  it('leaves the e-mail out for an account without one', () => {
    expect(chatUrl(LINK, { uid: 'U9', email: '' }, ORIGIN)).toBe(`${LINK}?uid=U9`);
    expect(chatUrl(`${LINK}?email=x%40y.z`, { uid: 'U9', email: '' }, ORIGIN)).toBe(
      `${LINK}?uid=U9`,
    );
  });

  it('gives a visitor the plain link', () => {
    expect(chatUrl(`${LINK}?lang=en`, null, ORIGIN)).toBe(`${LINK}?lang=en`);
  });

  it('gives nothing for a link that is not usable', () => {
    expect(chatUrl('', user, ORIGIN)).toBeUndefined();
    expect(chatUrl('javascript:alert(1)', user, ORIGIN)).toBeUndefined();
  });
});
