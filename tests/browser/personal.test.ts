import { SERVICE_LINK_TYPE } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import {
  lastCode,
  logInWithEmail,
  openLoggedIn,
  registerByEmail,
  TEST_PASSWORD,
} from './test-support/accounts.js';
import { title } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import { shown } from './test-support/languages.js';
import {
  allowClipboard,
  balanceFigure,
  clipboardText,
  frozenFigure,
  openDemo,
  restoreBaseSettings,
  setBaseSettings,
  shownBalance,
  summaryOf,
} from './test-support/personal.js';
import { useBrowserSuite } from './test-support/suite.js';
import { buyAtMarket, fundAccount, instrumentOf, registerFunded } from './test-support/trading.js';

const suite = useBrowserSuite();

/** The screen's title (each screen has one `h1`); hidden kept-alive screens are skipped. */
/** A support page the tests stand in for (the mock's link points at an unreachable host). */
const SUPPORT_LINK = 'https://support.pipstream.example/desk?lang=en';

describe('balance card', () => {
  it('shows the balance with 2 decimals, hides it across a reload, and reads it again when the screen shows', async () => {
    const account = await registerFunded(suite.stack);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/user');
    await page.getByRole('heading', { name: 'Trade account' }).waitFor();
    await eventually(() => balanceFigure(app).textContent()).toBe(shown('10000.00'));
    expect(await frozenFigure(app).textContent()).toBe('0.00');

    await page.getByRole('button', { name: 'Hide balance' }).click();
    expect(await balanceFigure(app).textContent()).toBe('****');
    expect(await frozenFigure(app).textContent()).toBe('****');
    // The choice is kept on this device.
    await app.reload();
    const show = page.getByRole('button', { name: 'Show balance' });
    await show.waitFor();
    expect(await show.getAttribute('aria-pressed')).toBe('true');
    expect(await balanceFigure(app).textContent()).toBe('****');
    await show.click();
    await eventually(() => balanceFigure(app).textContent()).toBe(shown('10000.00'));

    // Money arrives while the user is on another screen: back on /user, the card has it.
    await page.getByRole('link', { name: 'Complaint e-mail' }).click();
    await title(app, 'Complaint e-mail').waitFor();
    await app.idle();
    await fundAccount(suite.stack, account.session.token, '250.5');
    await page.getByRole('button', { name: 'Back' }).click();
    await title(app, 'Personal center').waitFor();
    await eventually(() => balanceFigure(app).textContent()).toBe(shown('10250.50'));
  });

  it('offers the reset to a demo user only, and shows the balance the reset restored', async () => {
    const demo = await openDemo(suite.stack);
    await buyAtMarket(suite.stack, demo.token, await instrumentOf(suite.stack, 'EURUSD'));
    const traded = await summaryOf(suite.stack, demo.token);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, demo, '/user');
    await page.getByRole('heading', { name: 'Demo account' }).waitFor();
    await eventually(() => frozenFigure(app).textContent()).toBe(shownBalance(traded.lock_balance));
    expect(await frozenFigure(app).textContent()).not.toBe('0.00');

    await page.getByRole('button', { name: 'Reset demo account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reset demo account' }).click();
    await app.expectToast('Demo account reset');
    await eventually(() => frozenFigure(app).textContent()).toBe('0.00');
    expect(await balanceFigure(app).textContent()).toBe(shown('100000.00'));

    // A real user has no reset entry.
    const real = await registerByEmail(suite.stack);
    const other = await suite.newApp();
    await openLoggedIn(other, real.session, '/user');
    await other.page.getByRole('heading', { name: 'Trade account' }).waitFor();
    await eventually(() => balanceFigure(other).textContent()).toBe('0.00');
    expect(await other.page.getByRole('button', { name: 'Reset demo account' }).count()).toBe(0);
  });
});

describe('invite', () => {
  it('shows the invite code, a QR code of the link, and copies the link that registers with it', async () => {
    const account = await registerByEmail(suite.stack);
    const code = account.session.user.invite_code;
    const link = `${suite.stack.baseUrl}/#/register?invite_code=${code}`;
    const app = await suite.newApp();
    await allowClipboard(app, suite.stack.baseUrl);
    const { page } = app;
    await openLoggedIn(app, account.session, '/mine/invite');
    await title(app, 'Invite friends').waitFor();

    expect(await page.getByTestId('invite-code').textContent()).toBe(code);
    const qr = page.getByRole('img', { name: 'QR code of the invite link' });
    expect(await qr.getAttribute('data-value')).toBe(link);
    expect(await qr.getAttribute('width')).toBe('160');
    expect(await page.getByTestId('invite-link').textContent()).toBe(link);

    await page.getByRole('button', { name: 'Copy invite link' }).click();
    await app.expectToast('copy success');
    expect(await clipboardText(app)).toBe(link);

    // The link opens registration with the code filled in.
    await page.goto(link);
    await title(app, 'Register').waitFor();
    expect(await page.getByLabel('Invite code').inputValue()).toBe(code);
  });
});

describe('password', () => {
  it('changes the password with the validation messages; the new one logs in, the old one is refused', async () => {
    const account = await registerByEmail(suite.stack);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/user');
    await page.getByRole('link', { name: 'Change password' }).click();
    await title(app, 'Change password').waitFor();
    const submit = page.getByRole('button', { name: 'Change password', exact: true });

    await submit.click();
    await page.getByText('Enter your current password', { exact: true }).waitFor();
    expect(await page.getByText('Please fill in every field', { exact: true }).count()).toBe(2);

    const newPassword = 'changed-456';
    await page.getByLabel('Current password', { exact: true }).fill(account.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat password', { exact: true }).fill(`${newPassword}x`);
    await submit.click();
    await page.getByText('The two passwords are not the same', { exact: true }).waitFor();

    await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await page.getByLabel('Repeat password', { exact: true }).fill(newPassword);
    await submit.click();
    await app.expectToast('The current password is wrong');
    // Nothing typed is lost on a refusal.
    expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe(newPassword);

    await page.getByLabel('Current password', { exact: true }).fill(account.password);
    await submit.click();
    await app.expectToast('Password changed');
    await app.waitForRoute('/user');

    await page.getByRole('link', { name: 'Other settings' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click();
    await app.expectToast('logout success');
    await app.open('/login');
    await logInWithEmail(app, account.email, account.password);
    await app.expectToast('Wrong account or password');
    expect((await app.storedSession()).token).toBeNull();
    await logInWithEmail(app, account.email, newPassword);
    await app.waitForRoute('/');
    expect((await app.storedSession()).user?.email).toBe(account.email);
  });

  it('resets the password with a code sent to the account, then asks to log in with it', async () => {
    const account = await registerByEmail(suite.stack);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/mine/password');
    await page.getByRole('tab', { name: 'With code' }).click();
    await page.getByText(`The code is sent to ${account.email}`, { exact: true }).waitFor();

    const submit = page.getByRole('button', { name: 'Reset password', exact: true });
    await submit.click();
    expect(await page.getByText('Please fill in every field', { exact: true }).count()).toBe(3);

    await page.getByRole('button', { name: 'Send code' }).click();
    await app.expectToast('Verification code sent');
    const countdown = page.locator('.code-btn');
    await eventually(() => countdown.textContent()).toMatch(/^\d+ s$/);
    expect(await countdown.isDisabled()).toBe(true);

    const newPassword = 'reset-789';
    await page.getByLabel('Verification code').fill(await lastCode(suite.stack, account.email));
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat password', { exact: true }).fill(newPassword);
    await submit.click();
    await app.expectToast('Password reset, please log in again');
    await app.waitForRoute('/login');
    expect(await app.storedSession()).toEqual({ token: null, user: null });

    await logInWithEmail(app, account.email, newPassword);
    await app.waitForRoute('/');
    expect((await app.storedSession()).user?.email).toBe(account.email);
    await expect(
      suite.stack.api.call('loginForU', {
        account: account.email,
        password: TEST_PASSWORD,
        login_type: 'email',
      }),
    ).rejects.toThrow('Wrong account or password');
  });
});

describe('announcement', () => {
  it('appends the red "(DEMO test)" only while the site title is DEMO', async () => {
    const account = await registerByEmail(suite.stack);
    const plain = await suite.newApp();
    await openLoggedIn(plain, account.session, '/mine/announcement');
    await plain.page.getByText(/not provided to residents of North Korea/).waitFor();
    // The base settings are read by then: nothing is still coming.
    await plain.idle();
    expect(await plain.page.getByText('(DEMO test)').count()).toBe(0);

    const before = await setBaseSettings(suite.stack, { title: 'DEMO' });
    try {
      const app = await suite.newApp();
      await openLoggedIn(app, account.session, '/mine/announcement');
      const note = app.page.getByText('(DEMO test)', { exact: true });
      await note.waitFor();
      expect(await note.evaluate((element) => getComputedStyle(element).color)).toBe(
        'rgb(255, 92, 92)',
      );
    } finally {
      await restoreBaseSettings(suite.stack, before);
    }
  });
});

describe('customer service', () => {
  it('shows the link in a dialog with a copy button for service_link_type 2', async () => {
    const before = await setBaseSettings(suite.stack, {
      service_link: SUPPORT_LINK,
      service_link_type: SERVICE_LINK_TYPE.DIALOG,
    });
    try {
      const account = await registerByEmail(suite.stack);
      const app = await suite.newApp();
      await allowClipboard(app, suite.stack.baseUrl);
      const { page } = app;
      await openLoggedIn(app, account.session, '/user');
      await page.getByRole('button', { name: 'Customer service' }).click();
      const dialog = page.getByRole('dialog', { name: 'Customer service' });
      expect(await dialog.getByTestId('service-link').textContent()).toBe(SUPPORT_LINK);
      await dialog.getByRole('button', { name: 'Copy' }).click();
      await app.expectToast('copy success');
      expect(await clipboardText(app)).toBe(SUPPORT_LINK);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await app.route()).toBe('/user');
    } finally {
      await restoreBaseSettings(suite.stack, before);
    }
  });

  it('leaves for the link for service_link_type 3', async () => {
    const before = await setBaseSettings(suite.stack, {
      service_link: SUPPORT_LINK,
      service_link_type: SERVICE_LINK_TYPE.REDIRECT,
    });
    try {
      const account = await registerByEmail(suite.stack);
      const app = await suite.newApp();
      const { page } = app;
      await app.context.route('https://support.pipstream.example/**', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>Support</title><h1>Support desk</h1>',
        }),
      );
      await openLoggedIn(app, account.session, '/user');
      await page.getByRole('button', { name: 'Customer service' }).click();
      await page.waitForURL(SUPPORT_LINK);
      await page.getByRole('heading', { name: 'Support desk' }).waitFor();
    } finally {
      await restoreBaseSettings(suite.stack, before);
    }
  });

  it('opens the in-app chat otherwise, embedding the link with the uid and e-mail', async () => {
    // A support page on the site itself: the gateway's CSP lets the app frame only its own
    // origin (no frame-src), so an outside support host would be blocked.
    const before = await setBaseSettings(suite.stack, {
      service_link: '/support/desk?lang=en',
      service_link_type: SERVICE_LINK_TYPE.CHAT,
    });
    try {
      const account = await registerByEmail(suite.stack);
      const app = await suite.newApp();
      const { page } = app;
      await app.context.route(`${suite.stack.baseUrl}/support/desk?*`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>Support</title><h1>Support desk</h1>',
        }),
      );
      await openLoggedIn(app, account.session, '/user');
      await page.getByRole('button', { name: 'Customer service' }).click();
      await app.waitForRoute('/mine/chat');
      await title(app, 'Customer service').waitFor();
      const frame = page.locator('iframe[title="Customer service"]');
      const src = new URL((await frame.getAttribute('src')) ?? '');
      expect(`${src.origin}${src.pathname}`).toBe(`${suite.stack.baseUrl}/support/desk`);
      expect(src.searchParams.get('lang')).toBe('en');
      expect(src.searchParams.get('uid')).toBe(account.session.user.uid);
      expect(src.searchParams.get('email')).toBe(account.email);
      await page
        .frameLocator('iframe[title="Customer service"]')
        .getByRole('heading', { name: 'Support desk' })
        .waitFor();
      await page.getByRole('status', { name: 'Loading the support page' }).waitFor({
        state: 'detached',
      });
    } finally {
      await restoreBaseSettings(suite.stack, before);
    }
  });

  it('says so when no support link is configured', async () => {
    const account = await registerByEmail(suite.stack);
    const app = await suite.newApp();
    // The mock refuses an empty link: the page reads settings without one instead.
    await app.context.route(`${suite.stack.baseUrl}/api/basicSet/getBasicInfo?*`, async (route) => {
      const answer = await route.fetch();
      const body = await answer.json();
      await route.fulfill({
        response: answer,
        json: { ...body, data: { ...body.data, service_link: '' } },
      });
    });
    await openLoggedIn(app, account.session, '/mine/chat');
    await app.page
      .getByText('Online customer service is not available yet', { exact: true })
      .waitFor();
    expect(await app.page.locator('iframe').count()).toBe(0);
  });
});

describe('complaint e-mail', () => {
  it('shows the company address and copies it', async () => {
    const { email } = await suite.stack.api.call('complaintEmail');
    const account = await registerByEmail(suite.stack);
    const app = await suite.newApp();
    await allowClipboard(app, suite.stack.baseUrl);
    const { page } = app;
    await openLoggedIn(app, account.session, '/mine/email');
    await eventually(() => page.getByTestId('complaint-email').textContent()).toBe(email);
    await page.getByRole('button', { name: 'Copy' }).click();
    await app.expectToast('copy success');
    expect(await clipboardText(app)).toBe(email);
  });
});

describe('logout', () => {
  it('logs out from other settings after confirmation, saying "logout success"', async () => {
    const account = await registerByEmail(suite.stack);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/user');
    await page.getByRole('link', { name: 'Other settings' }).click();
    await title(app, 'Other settings').waitFor();
    // The company information is one row away from here.
    expect(await page.getByRole('link', { name: 'Company information' }).getAttribute('href')).toBe(
      '/feedback',
    );
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click();
    await app.expectToast('logout success');
    await app.waitForRoute('/');
    expect(await app.storedSession()).toEqual({ token: null, user: null });
  });
});

describe('demo restriction', () => {
  /** The real-user routes (docs/product.md#routes) and the titles of their screens. */
  const REAL_USER_ROUTES = [
    ['/mine/auth', 'Real-name verification'],
    ['/mine/invite', 'Invite friends'],
    ['/mine/password', 'Change password'],
    ['/mine/charge', 'Deposit'],
    ['/mine/withdraw', 'Withdraw'],
    ['/mine/wallet', 'Wallet'],
  ] as const;

  it('refuses a demo user each real-user route with the real-account message', async () => {
    const demo = await openDemo(suite.stack);
    const app = await suite.newApp();
    await openLoggedIn(app, demo, '/user');
    await app.page.getByRole('heading', { name: 'Demo account' }).waitFor();
    for (const [route, screen] of REAL_USER_ROUTES) {
      await app.open(route);
      await app.expectToast('Please register or log in to a real account');
      await app.waitForRoute('/user');
      await title(app, 'Personal center').waitFor();
      expect(await title(app, screen).count(), `${route} showed`).toBe(0);
    }
  });
});
