import { describe, expect, it } from 'vitest';
import { AA, lowestFlashContrast } from './test-support/contrast.js';
import { UPRIGHT } from './test-support/phone.js';
import { useBrowserSuite } from './test-support/suite.js';
import { instrumentOf, movePrice } from './test-support/trading.js';

// The test owns every price: the simulator would move them (and light flashes) on its own.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

describe('a quote row’s flash', () => {
  // The price's colour follows the day's change and the flash the tick's move: the two may
  // disagree (a tick up on a falling day).
  // In both themes (the phone's setting, which the app follows).
  it.each([
    ['up on a rising day', 'dark', 1.02, 1.025],
    ['down on a falling day', 'dark', 0.98, 0.975],
    ['up on a falling day', 'dark', 0.97, 0.975],
    ['down on a rising day', 'dark', 1.03, 1.025],
    ['up on a rising day', 'light', 1.02, 1.025],
    ['down on a falling day', 'light', 0.98, 0.975],
    ['up on a falling day', 'light', 0.97, 0.975],
    ['down on a rising day', 'light', 1.03, 1.025],
  ] as const)(
    'keeps the price readable (≥ 4.5:1) while it flashes %s, %s theme',
    async (_case, colorScheme, day, tick) => {
      const euro = await instrumentOf(suite.stack, 'EURUSD');
      const { Open } = euro.ForexQuotations;
      const app = await suite.newApp({ ...UPRIGHT, colorScheme });
      await app.open('/');
      const cell = app.page.getByTestId('quote-row-EURUSD').locator('.quote-price-cell');
      await cell.getByTestId('quote-price').filter({ hasText: /\d/ }).waitFor();
      await app.idle();
      // The day's move first, its own flash over before the tick that is measured.
      const settled = lowestFlashContrast(cell);
      await movePrice(suite.stack, euro, Open * day);
      await settled;
      const watched = lowestFlashContrast(cell);
      await movePrice(suite.stack, euro, Open * tick);
      expect(await watched).toBeGreaterThanOrEqual(AA);
    },
  );
});
