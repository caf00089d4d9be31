import { afterEach, describe, expect, it } from 'vitest';
import { createSiteOrigins, MAX_LOGO_ORIGINS, type SiteOrigins } from './site-origins.js';

const started: SiteOrigins[] = [];
afterEach(() => {
  for (const origins of started.splice(0)) origins.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Site origins whose base settings say `settings.link` (or fail while `settings.failing`). */
function originsOf(settings: { link: string; failing?: boolean }, refreshMs = 30) {
  const errors: unknown[] = [];
  const origins = createSiteOrigins({
    upstreamUrl: 'https://api.example.com',
    upstreamWsUrl: 'wss://feed.example.com/v1/ws',
    loadSettings: async () => {
      if (settings.failing) throw new Error('upstream down');
      return { service_link: settings.link };
    },
    refreshMs,
    onError: (error) => errors.push(error),
  });
  started.push(origins);
  return { origins, errors };
}

describe('createSiteOrigins', () => {
  it("lets the app connect to the configured upstream's origins only", () => {
    const { origins } = originsOf({ link: '' });
    expect(origins.connect()).toEqual(['https://api.example.com', 'wss://feed.example.com']);
  });

  it('frames the support chat’s origin once the base settings are read, and follows them', async () => {
    const settings = { link: 'https://support.example.com/chat?x=1' };
    const { origins } = originsOf(settings);
    expect(origins.frame()).toEqual([]);
    origins.start();
    await sleep(5);
    expect(origins.frame()).toEqual(['https://support.example.com']);
    settings.link = 'https://help.example.org:8443/desk';
    await sleep(60);
    expect(origins.frame()).toEqual(['https://help.example.org:8443']);
  });

  it('keeps the last origin known while the settings cannot be read', async () => {
    const settings = { link: 'https://support.example.com/chat', failing: false };
    const { origins, errors } = originsOf(settings);
    origins.start();
    await sleep(5);
    settings.failing = true;
    await sleep(60);
    expect(errors.length).toBeGreaterThan(0);
    expect(origins.frame()).toEqual(['https://support.example.com']);
  });

  it.each([
    ['/support/desk?lang=en', 'a page of the site itself: covered by self'],
    ['javascript:alert(1)', 'not a web page'],
    ['data:text/html,hi', 'not a web page'],
    ['https://evil.example.com;script-src *', 'a policy injection'],
    ['https://a,b.example.com/', 'a host a policy would split'],
    ['', 'no link'],
  ])('frames nothing outside for %s (%s)', async (link) => {
    const { origins } = originsOf({ link });
    origins.start();
    await sleep(5);
    expect(origins.frame()).toEqual([]);
  });

  it("names the upstream and the logos' hosts for images, nothing else", async () => {
    const logos = [
      'https://cdn.example.com/logos/EUR.svg',
      'https://cdn.example.com/logos/GBP.svg',
      '/uploads/logos/JPY.svg',
      'https://news-img.example.org:8443/a.png',
      'javascript:alert(1)',
      'https://evil.example.com;script-src *',
      '',
    ];
    const origins = createSiteOrigins({
      upstreamUrl: 'https://api.example.com',
      upstreamWsUrl: 'wss://api.example.com/v1/ws',
      loadSettings: async () => ({ service_link: '' }),
      loadLogos: async () => logos,
      refreshMs: 60_000,
      onError: () => {},
    });
    started.push(origins);
    expect(origins.image()).toEqual(['https://api.example.com']);
    origins.start();
    await sleep(5);
    expect(origins.image()).toEqual([
      'https://api.example.com',
      'https://cdn.example.com',
      'https://news-img.example.org:8443',
    ]);
  });

  it('names a bounded number of logo hosts', async () => {
    const origins = createSiteOrigins({
      upstreamUrl: 'https://api.example.com',
      upstreamWsUrl: 'wss://api.example.com/v1/ws',
      loadSettings: async () => ({ service_link: '' }),
      loadLogos: async () =>
        Array.from({ length: 50 }, (_, i) => `https://h${i}.example.com/x.png`),
      refreshMs: 60_000,
      onError: () => {},
    });
    started.push(origins);
    origins.start();
    await sleep(5);
    expect(origins.image()).toHaveLength(MAX_LOGO_ORIGINS + 1);
    expect(origins.image()[0]).toBe('https://api.example.com');
  });
});
