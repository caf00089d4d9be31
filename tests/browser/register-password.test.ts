import { describe, expect, it } from 'vitest';
import { lastCode, TEST_PASSWORD, uniqueEmail } from './test-support/accounts.js';
import { recordApiCalls } from './test-support/languages.js';
import { UPRIGHT } from './test-support/phone.js';
import { useBrowserSuite } from './test-support/suite.js';

const suite = useBrowserSuite();

describe('registration with a weak password', () => {
  it('names the rule the password broke, by the field, and sends nothing', async () => {
    const email = uniqueEmail('weak');
    await suite.stack.api.call('sendEmail', { to: email, type: 1 });
    const app = await suite.newApp(UPRIGHT);
    const { page } = app;
    await app.open('/register');
    const calls = recordApiCalls(app);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Verification code').fill(await lastCode(suite.stack, email));
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('12345');
    await page.getByLabel('Repeat password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Register', exact: true }).click();

    await page.getByText('The password must have at least 6 characters', { exact: true }).waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await app.toast('Some of the entered values are not accepted').count()).toBe(0);
    expect(calls.filter((call) => call.url().includes('/user/register'))).toEqual([]);

    // Kept within the rule, the same form registers.
    await password.fill(TEST_PASSWORD);
    await page.getByLabel('Repeat password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await app.expectToast('Registration successful');
  });
});
