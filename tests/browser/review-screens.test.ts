import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { type EmailAccount, registerByEmail } from './test-support/accounts.js';
import { localeText, openWithoutQuery, seedLanguage } from './test-support/languages.js';
import { UPRIGHT } from './test-support/phone.js';
import { fontsPainted, reviewFolder, useScriptFonts } from './test-support/review.js';
import { useBrowserSuite } from './test-support/suite.js';
import { buyAtMarket, fundAccount, instrumentOf } from './test-support/trading.js';

const suite = useBrowserSuite();

/** The main screens, the figure that shows once each has its numbers, and its file name. */
const SCREENS = [
  ['/', 'quote-price', 'quotes'],
  ['/trade', 'trade-available', 'trade'],
  ['/order', 'account-balance', 'orders'],
  ['/user', 'balance', 'personal-center'],
] as const;

/** A PNG's size, read from its IHDR chunk after its signature. */
async function pngSize(path: string): Promise<{ width: number; height: number }> {
  const bytes = await readFile(path);
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

let account: EmailAccount;
beforeAll(async () => {
  account = await registerByEmail(suite.stack);
  await fundAccount(suite.stack, account.session.token, '250000');
  const gold = await instrumentOf(suite.stack, 'XAUUSD');
  await buyAtMarket(suite.stack, account.session.token, gold);
  const closed = await buyAtMarket(suite.stack, account.session.token, gold);
  await suite.stack.apiAs(account.session.token).call('close', { id: closed.Id });
});

describe('screens for review', () => {
  it.each(['ar', 'hi'] as const)(
    'writes /, /trade, /order and /user in %s to tests/browser/output/screens',
    async (language) => {
      const folder = await reviewFolder('screens');
      const app = await suite.newApp(UPRIGHT);
      await useScriptFonts(app.context);
      await seedLanguage(app, language, account.session);
      for (const [route, figure, name] of SCREENS) {
        await openWithoutQuery(app, route);
        await app.page
          .locator('main:not([hidden])')
          .getByTestId(figure)
          .filter({ hasText: /\d/ })
          .first()
          .waitFor();
        await app.page
          .getByRole('navigation', { name: localeText(language, 'web.tabs.label') })
          .waitFor();
        await app.idle();
        await fontsPainted(app.page);
        const path = `${folder}/${language}-${name}.png`;
        // What the phone's screen shows, at its pixel ratio (2).
        await app.page.screenshot({ path });
        expect(await pngSize(path)).toEqual({ width: 720, height: 1480 });
      }
    },
  );
});
