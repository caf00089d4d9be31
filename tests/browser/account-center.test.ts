import { describe, it } from 'vitest';
import { openLoggedIn, registerByEmail } from './support/accounts.js';
import type { AppPage } from './support/browser.js';
import { UPRIGHT } from './support/phone.js';
import { useBrowserSuite } from './support/suite.js';

const suite = useBrowserSuite();

function title(app: AppPage, text: string) {
  return app.page.getByRole('heading', { level: 1, name: text, exact: true });
}

describe('account detail', () => {
  it('is linked from the personal center and from the wallet', async () => {
    const account = await registerByEmail(suite.stack);
    const app = await suite.newApp(UPRIGHT);
    await openLoggedIn(app, account.session, '/user');
    await app.page.getByRole('link', { name: 'Account detail', exact: true }).click();
    await app.waitForRoute('/mine/history');
    await title(app, 'Account detail').waitFor();

    await app.open('/mine/wallet');
    await title(app, 'Wallet').waitFor();
    await app.page.getByRole('link', { name: 'Account detail', exact: true }).click();
    await app.waitForRoute('/mine/history');
    await title(app, 'Account detail').waitFor();
  });
});
