import { describe, expect, it } from 'vitest';
import {
  HONG_KONG,
  lastCode,
  logInWithEmail,
  openLoggedIn,
  registerByEmail,
  registerByPhone,
  TEST_PASSWORD,
  uniqueEmail,
} from './test-support/accounts.js';
import { type AppPage, title } from './test-support/browser.js';
import { useBrowserSuite } from './test-support/suite.js';

const suite = useBrowserSuite();

/** The screen's title (each screen has one `h1`); hidden kept-alive screens are skipped. */
/** The personal center's line naming who is logged in (e-mail, else phone, else uid). */
function whoIsLoggedIn(app: AppPage) {
  return app.page.locator('.balance-who');
}

describe('route guard', () => {
  it('sends a visitor from a login-required route to /login with `from`, and back there after logging in', async () => {
    const account = await registerByEmail(suite.stack);
    const app = await suite.newApp();

    await app.open('/order?type=0');
    await app.waitForRoute('/login?from=%2Forder%3Ftype%3D0');
    await title(app, 'Log in').waitFor();

    await logInWithEmail(app, account.email, account.password);
    await app.waitForRoute('/order?type=0');
    await title(app, 'Orders').waitFor();
    expect((await app.storedSession()).user?.uid).toBe(account.session.user.uid);
  });

  it('sends an unknown path to the quotes', async () => {
    const app = await suite.newApp();
    await app.open('/no-such-screen');
    await app.waitForRoute('/');
    await title(app, 'Quotes').waitFor();
  });
});

describe('registration', () => {
  it('registers by e-mail with the code the mock sent, and is logged in', async () => {
    const email = uniqueEmail('register');
    const app = await suite.newApp();
    const { page } = app;
    await app.open('/register');
    await title(app, 'Register').waitFor();

    // No address, no code.
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Enter your email', { exact: true }).waitFor();

    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await app.expectToast('Verification code sent');
    // docs/product.md#states: the button counts the 60 s down and cannot be pressed meanwhile.
    const countdown = page.locator('.code-btn');
    await expect.poll(() => countdown.textContent()).toMatch(/^\d+ s$/);
    const secondsLeft = Number.parseInt((await countdown.textContent()) ?? '', 10);
    expect(secondsLeft).toBeGreaterThan(50);
    expect(secondsLeft).toBeLessThanOrEqual(60);
    expect(await countdown.isDisabled()).toBe(true);

    await page.getByLabel('Verification code').fill(await lastCode(suite.stack, email));
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Repeat password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Register', exact: true }).click();

    await app.expectToast('Registration successful');
    await app.waitForRoute('/');
    const stored = await app.storedSession();
    expect(stored.token).toEqual(expect.any(String));
    expect(stored.user).toMatchObject({ email, is_demo: 0 });

    await page.getByRole('link', { name: 'Me', exact: true }).click();
    await app.waitForRoute('/user');
    await expect.poll(() => whoIsLoggedIn(app).textContent()).toBe(email);
    await page.getByRole('heading', { name: 'Trade account' }).waitFor();
  });
});

describe('login', () => {
  it('logs in by phone with its area code, and a reload keeps the session', async () => {
    const account = await registerByPhone(suite.stack);
    const app = await suite.newApp();
    const { page } = app;
    await app.open('/login');

    await page.getByRole('tab', { name: 'Phone' }).click();
    const area = page.getByLabel('Area code');
    await expect.poll(() => area.isEnabled()).toBe(true);
    await area.selectOption(String(HONG_KONG.id));
    await page.getByLabel('Phone number').fill(account.phone);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();

    await app.waitForRoute('/');
    expect((await app.storedSession()).user).toMatchObject({
      mobile: account.phone,
      area_id: HONG_KONG.id,
    });

    const { token } = await app.storedSession();
    expect(token).toEqual(expect.any(String));

    await app.open('/user');
    await app.reload();
    // Still logged in: the guard let /user open, and it names the phone.
    await expect.poll(() => whoIsLoggedIn(app).textContent()).toBe(account.phone);
    expect(await app.route()).toBe('/user');
    expect((await app.storedSession()).token).toBe(token);
  });

  it('shows the validation messages for a missing account or password, and the server’s for a wrong one', async () => {
    const account = await registerByEmail(suite.stack);
    const app = await suite.newApp();
    const { page } = app;
    await app.open('/login');
    const submit = page.getByRole('button', { name: 'Log in', exact: true });

    await submit.click();
    await page.getByText('Enter your email', { exact: true }).waitFor();
    await page.getByText('Please enter password', { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Phone' }).click();
    await submit.click();
    await page.getByText('Enter your phone number', { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'E-mail' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await submit.click();
    await app.expectToast('Wrong account or password');
    expect(await app.route()).toBe('/login');
    expect((await app.storedSession()).token).toBeNull();

    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await submit.click();
    await app.waitForRoute('/');
    expect((await app.storedSession()).user?.email).toBe(account.email);
  });
});

describe('demo accounts', () => {
  it('opens a demo account from /login, which the real-user routes refuse with the real-account message', async () => {
    const app = await suite.newApp();
    const { page } = app;
    await app.open('/user');
    await app.waitForRoute('/login?from=%2Fuser');

    await page.getByRole('button', { name: 'Try a demo account' }).click();
    await app.waitForRoute('/user');
    await page.getByRole('heading', { name: 'Demo account' }).waitFor();
    await page.getByRole('button', { name: 'Reset demo account' }).waitFor();
    expect((await app.storedSession()).user?.is_demo).toBe(1);

    // From within the app: refused, and back where the user was.
    await page.getByRole('link', { name: 'Deposit' }).click();
    await app.expectToast('Please register or log in to a real account');
    await app.waitForRoute('/user');
    await title(app, 'Personal center').waitFor();

    // A deep link: refused too, and sent to the personal center.
    await app.open('/mine/charge');
    await app.expectToast('Please register or log in to a real account');
    await app.waitForRoute('/user');
    expect(await title(app, 'Deposit').count()).toBe(0);

    // Routes for any logged-in user stay open to a demo user.
    await app.open('/mine/email');
    await title(app, 'Complaint e-mail').waitFor();
    expect(await app.route()).toBe('/mine/email');
  });
});

describe('logout', () => {
  it('asks first; cancelling keeps the session, confirming clears it and says so', async () => {
    const account = await registerByEmail(suite.stack);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/mine/system');
    await title(app, 'Other settings').waitFor();

    const logoutRow = page.getByRole('button', { name: 'Log out' });
    const dialog = page.getByRole('alertdialog');
    await logoutRow.click();
    await dialog.getByText('Log out of this account?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await app.storedSession()).token).toBe(account.session.token);
    expect(await app.route()).toBe('/mine/system');

    await logoutRow.click();
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await app.expectToast('logout success');
    await app.waitForRoute('/');
    expect(await app.storedSession()).toEqual({ token: null, user: null });

    await app.open('/user');
    await app.waitForRoute('/login?from=%2Fuser');
  });
});

describe('session end (999)', () => {
  it('sends a user whose session the server ended to /login and clears the user', async () => {
    const account = await registerByEmail(suite.stack);
    const app = await suite.newApp();
    await app.open('/login');
    await logInWithEmail(app, account.email, account.password);
    await app.waitForRoute('/');
    // The calls a login starts (the order lists) end first: the one that meets the dead
    // session is the orders screen's.
    await app.idle();

    await suite.stack.control('/sessions/expire', { uid: account.session.user.uid });
    // The orders screen reads the orders: an authenticated call that is not initial.
    await app.page.getByRole('link', { name: 'Orders', exact: true }).click();

    await app.expectToast('Your session has ended, please log in again');
    // To /login (docs/product.md#states), which then brings the user back (docs/product.md#errors).
    await app.waitForRoute(/^\/login(\?|$)/);
    await title(app, 'Log in').waitFor();
    expect(await app.storedSession()).toEqual({ token: null, user: null });
  });

  it('does the same for a demo user whose reset meets a dead session', async () => {
    const app = await suite.newApp();
    const { page } = app;
    await app.open('/login?from=%2Fuser');
    await page.getByRole('button', { name: 'Try a demo account' }).click();
    await app.waitForRoute('/user');
    const demo = await app.storedSession();
    if (!demo.user) throw new Error('the demo login stored no user');

    // `/user` reads the balance as it opens: let that finish before the session ends.
    await app.idle();
    await suite.stack.control('/sessions/expire', { uid: demo.user.uid });
    await page.getByRole('button', { name: 'Reset demo account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reset demo account' }).click();

    await app.expectToast('Your session has ended, please log in again');
    await app.waitForRoute('/login?from=%2Fuser');
    expect(await app.storedSession()).toEqual({ token: null, user: null });
  });

  it('starts a stored session the server ended as a visitor on reload', async () => {
    const account = await registerByEmail(suite.stack);
    const app = await suite.newApp();
    await openLoggedIn(app, account.session, '/user');
    await expect.poll(() => whoIsLoggedIn(app).textContent()).toBe(account.email);

    await suite.stack.control('/sessions/expire', { uid: account.session.user.uid });
    await app.reload();

    // `user/info` is an initial call: no toast, but the dead token is dropped and the guard
    // sends the visitor to log in.
    await app.waitForRoute('/login?from=%2Fuser');
    expect(await app.storedSession()).toEqual({ token: null, user: null });
  });
});
