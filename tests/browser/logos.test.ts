import { describe, expect, it } from 'vitest';
import type { AppPage } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import { UPRIGHT } from './test-support/phone.js';
import { useBrowserSuite } from './test-support/suite.js';

const suite = useBrowserSuite();

/** The logo images of the quote rows on show: their address and whether they drew. */
function rowLogos(app: AppPage) {
  return app.page.locator('.quote-row img.logo').evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => ({
      src: new URL(image.src).pathname,
      drawn: image.complete && image.naturalWidth > 0,
    })),
  );
}

describe('instrument logos', () => {
  it('shows each listed instrument’s own logo, served by the upstream through the gateway', async () => {
    const list = await suite.stack.api.call('tradeList');
    const app = await suite.newApp(UPRIGHT);
    await app.open('/');
    // Logos wait for the first quotes (logo-gate.ts).
    await eventually(async () => {
      const logos = await rowLogos(app);
      return logos.length > 0 && logos.every((logo) => logo.drawn);
    }).toBe(true);
    const logos = await rowLogos(app);
    const listed = new Set(list.map((instrument) => instrument.Logo));
    for (const logo of logos) expect(listed.has(logo.src), logo.src).toBe(true);
    // Every instrument's logo answers, not just the rows on screen.
    for (const instrument of list) {
      const answer = await fetch(`${suite.stack.baseUrl}${instrument.Logo}`);
      expect(answer.status, instrument.Code).toBe(200);
      expect(answer.headers.get('content-type'), instrument.Code).toBe('image/svg+xml');
      await answer.arrayBuffer();
    }
  });

  it('keeps the fallback for a logo that is missing', async () => {
    const [first] = await suite.stack.api.call('tradeList');
    if (!first) throw new Error('the mock lists no instrument');
    const app = await suite.newApp(UPRIGHT);
    await app.context.route(`${suite.stack.baseUrl}${first.Logo}`, (route) =>
      route.fulfill({ status: 404, body: '' }),
    );
    await app.open('/');
    const logo = app.page.getByTestId(`quote-row-${first.Code}`).locator('img.logo');
    await eventually(() => logo.getAttribute('src')).toBe('/logos/generic.svg');
  });
});
