import { describe, expect, it } from 'vitest';
import { openLoggedIn, registerByEmail } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import {
  allowClipboard,
  clipboardText,
  SUPPORT_PATH,
  withSupportPage,
} from './test-support/personal.js';
import { UPRIGHT } from './test-support/phone.js';
import { useBrowserSuite } from './test-support/suite.js';

const suite = useBrowserSuite();

/** The chat screen of a new user, its support page answered by `answer`; resolves the src. */
async function openChat(app: AppPage, answer: Parameters<AppPage['context']['route']>[1]) {
  const account = await registerByEmail(suite.stack);
  await allowClipboard(app, suite.stack.baseUrl);
  await app.context.route(`${suite.stack.baseUrl}${SUPPORT_PATH}?*`, answer);
  await openLoggedIn(app, account.session, '/mine/chat');
  // The header's way to the browser names the page the frame embeds, whether or not it loads.
  const open = app.page.locator('header').getByRole('link', { name: 'Open in browser' });
  return (await open.getAttribute('href')) ?? '';
}

/** Both ways out of the embedded page: its link copied, and the browser. */
async function expectWaysOut(
  app: AppPage,
  scope: ReturnType<AppPage['page']['locator']>,
  src: string,
) {
  const open = scope.getByRole('link', { name: 'Open in browser', exact: true });
  expect(await open.getAttribute('href')).toBe(src);
  expect(await open.getAttribute('target')).toBe('_blank');
  await scope.getByRole('button', { name: 'Copy link', exact: true }).click();
  await app.expectToast('copy success');
  expect(await clipboardText(app)).toBe(src);
}

describe('customer service chat', () => {
  it('says it is loading, then offers the browser and the link when the page takes too long', () =>
    withSupportPage(suite.stack, async () => {
      const app = await suite.newApp(UPRIGHT);
      // The support host accepts the request and never answers.
      const src = await openChat(app, () => undefined);
      await app.page.getByRole('status', { name: 'Loading the support page' }).waitFor();
      const notice = app.page.locator('.chat-slow');
      await notice
        .getByText('The support page is taking long to load.', { exact: false })
        .waitFor({ timeout: 20_000 });
      await expectWaysOut(app, notice, src);
    }));

  it('keeps both ways out in reach when the page fails to load', () =>
    withSupportPage(suite.stack, async () => {
      const app = await suite.newApp(UPRIGHT);
      const src = await openChat(app, (route) => route.abort('connectionrefused'));
      // Not the browser's own error page: the app says so in its words, the spinner gone.
      await app.page.getByTestId('chat-unreachable').waitFor();
      await app.page
        .getByRole('status', { name: 'Loading the support page' })
        .waitFor({ state: 'detached' });
      expect(await app.page.locator('iframe').count()).toBe(0);
      await expectWaysOut(app, app.page.locator('header'), src);
    }));
});
