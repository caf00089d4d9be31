import { randomBytes } from 'node:crypto';
import { CODE_PURPOSE, type Session } from '@pipstream/protocol';
import type { AppPage } from './browser.js';
import type { Stack } from './stack.js';

/** The password every test account gets. */
export const TEST_PASSWORD = 'secret-123';

/** The mock's first phone area: Hong Kong, +852 (`area_list` id 1). */
export const HONG_KONG = { id: 1, label: '+852 HK', globalCode: '852' } as const;

/** An account made for a test, and the session its registration opened. */
export interface TestAccount {
  readonly password: string;
  readonly session: Session;
}

export interface EmailAccount extends TestAccount {
  readonly email: string;
}

export interface PhoneAccount extends TestAccount {
  readonly areaId: number;
  readonly phone: string;
}

/** An address no other test (or earlier run on the same data) has used. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

/** A Hong Kong mobile number (8 digits starting with 5–9) no other test has used. */
export function uniquePhone(): string {
  return `9${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}`;
}

/** The last verification code the mock sent to `address` (an e-mail, or `+{code}{number}`). */
export async function lastCode(stack: Stack, address: string): Promise<string> {
  const sent = await stack.control<{ code: string }>(
    `/codes/last?address=${encodeURIComponent(address)}`,
  );
  return sent.code;
}

/**
 * Registers a real account by e-mail through the API, as another device would: asks for a
 * code, reads it from the control API and registers. For tests whose subject is not
 * registration.
 */
export async function registerByEmail(stack: Stack, email = uniqueEmail()): Promise<EmailAccount> {
  await stack.api.call('sendEmail', { to: email, type: CODE_PURPOSE.REGISTER });
  const session = await stack.api.call('register', {
    type: 'email',
    account: email,
    password: TEST_PASSWORD,
    re_password: TEST_PASSWORD,
    sms_code: await lastCode(stack, email),
  });
  return { email, password: TEST_PASSWORD, session };
}

/** Registers a real account by phone (Hong Kong) through the API; see `registerByEmail`. */
export async function registerByPhone(stack: Stack, phone = uniquePhone()): Promise<PhoneAccount> {
  await stack.api.call('sendSms', {
    to: phone,
    area_id: HONG_KONG.id,
    type: CODE_PURPOSE.REGISTER,
  });
  const session = await stack.api.call('register', {
    type: 'mobile',
    mobile: phone,
    area_id: HONG_KONG.id,
    password: TEST_PASSWORD,
    re_password: TEST_PASSWORD,
    sms_code: await lastCode(stack, `+${HONG_KONG.globalCode}${phone}`),
  });
  return { areaId: HONG_KONG.id, phone, password: TEST_PASSWORD, session };
}

/**
 * Starts the app already logged in as `session`'s user: writes the token and user where the
 * app keeps them before its first script runs, then opens `route`. The quick way in for tests
 * whose subject is not logging in.
 */
export async function openLoggedIn(app: AppPage, session: Session, route = '/'): Promise<void> {
  await app.context.addInitScript(
    ({ token, user }) => {
      // The app's own window only: an embedded page (the support chat) may not touch storage.
      if (window !== window.top) return;
      // Only on the first load: a logout or a 999 later in the test must stick across reloads.
      if (sessionStorage.getItem('pipstream.test.seeded') !== null) return;
      sessionStorage.setItem('pipstream.test.seeded', '1');
      localStorage.setItem('pipstream.token', JSON.stringify(token));
      localStorage.setItem('pipstream.user', JSON.stringify(user));
    },
    { token: session.token, user: session.user },
  );
  await app.open(route);
}

/** Fills the login form with an e-mail and password and sends it (the page must show /login). */
export async function logInWithEmail(app: AppPage, email: string, password: string) {
  const { page } = app;
  await page.getByRole('tab', { name: 'E-mail' }).click();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}
