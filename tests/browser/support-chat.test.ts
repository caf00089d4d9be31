import { SERVICE_LINK_TYPE } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { openLoggedIn, registerByEmail } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import {
  allowClipboard,
  clipboardText,
  restoreBaseSettings,
  setBaseSettings,
} from './test-support/personal.js';
import { UPRIGHT } from './test-support/phone.js';
import { useBrowserSuite } from './test-support/suite.js';

const suite = useBrowserSuite();

/** A support page on the site itself: the app's CSP frames its own origin. */
const SUPPORT_PATH = '/support/desk';

/** Runs `test` with the chat embedding the support page; the settings come back after it. */
async function withSupportPage(test: () => Promise<void>) {
  const before = await setBaseSettings(suite.stack, {
    service_link: SUPPORT_PATH,
    service_link_type: SERVICE_LINK_TYPE.CHAT,
  });
  try {
    await test();
  } finally {
    await restoreBaseSettings(suite.stack, before);
  }
}

/** The chat screen of a new user, its support page answered by `answer`; resolves the src. */
async function openChat(app: AppPage, answer: Parameters<AppPage['context']['route']>[1]) {
  const account = await registerByEmail(suite.stack);
  await allowClipboard(app, suite.stack.baseUrl);
  await app.context.route(`${suite.stack.baseUrl}${SUPPORT_PATH}?*`, answer);
  await openLoggedIn(app, account.session, '/mine/chat');
  const frame = app.page.locator('iframe[title="Customer service"]');
  await frame.waitFor({ state: 'attached' });
  return (await frame.getAttribute('src')) ?? '';
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
    withSupportPage(async () => {
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
    withSupportPage(async () => {
      const app = await suite.newApp(UPRIGHT);
      const src = await openChat(app, (route) => route.abort('connectionrefused'));
      // The browser's own error page "loads": the spinner goes, the frame shows it.
      await app.page
        .getByRole('status', { name: 'Loading the support page' })
        .waitFor({ state: 'detached' });
      await expectWaysOut(app, app.page.locator('header'), src);
    }));
});
