import { REVIEW_STATUS } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { openLoggedIn, registerByEmail } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import {
  fieldErrors,
  imageField,
  pickImage,
  pngFile,
  reviewVerification,
  submitVerification,
} from './test-support/funding.js';
import { useBrowserSuite } from './test-support/suite.js';

const suite = useBrowserSuite();

/** The status banner over the screen. */
function banner(app: AppPage) {
  return app.page.locator('.auth-banner');
}

/** The submit button of the form (absent once the data is read-only). */
function submitButton(app: AppPage) {
  return app.page.getByRole('button', { name: 'Submit', exact: true });
}

/** Records the `real_name` submissions the page sends. */
function recordSubmissions(app: AppPage): string[] {
  const sent: string[] = [];
  app.page.on('request', (request) => {
    if (request.url().includes('/api/user_real/real_name')) sent.push(request.method());
  });
  return sent;
}

describe('real-name verification', () => {
  it('submits name, ID number and both images, waits for review, and is finished once approved', async () => {
    const account = await registerByEmail(suite.stack);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/mine/auth');

    await eventually(() => banner(app).textContent()).toBe('Not verified yet');
    await page.getByLabel('Name', { exact: true }).fill('Chan Tai Man');
    await page.getByLabel('ID number', { exact: true }).fill('A1234567');
    await pickImage(page, 'Front of the ID', pngFile('front.png', [10, 200, 10]));
    await pickImage(page, 'Back of the ID', pngFile('back.png', [200, 10, 10]));
    await submitButton(app).click();

    await app.expectToast('Submitted, awaiting review');
    await eventually(() => banner(app).textContent()).toBe('Waiting for review');
    const submitted = page.getByRole('region', { name: 'Submitted data' });
    await submitted.waitFor();
    expect(await submitted.textContent()).toContain('Chan Tai Man');
    expect(await submitted.textContent()).toContain('A1234567');
    for (const side of ['Front of the ID', 'Back of the ID']) {
      const image = submitted.getByRole('img', { name: side, exact: true });
      expect(await image.getAttribute('src')).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
      // The image the server keeps is the one shown (the gateway serves it).
      await eventually(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    }
    expect(await submitButton(app).count()).toBe(0);

    // Still waiting after a reload: the state is the server's.
    await app.reload();
    await eventually(() => banner(app).textContent()).toBe('Waiting for review');

    await app.idle();
    await reviewVerification(suite.stack, account.session.user.uid, true);
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await eventually(() => banner(app).textContent()).toBe('Verification finished');
    expect(await page.getByRole('region', { name: 'Submitted data' }).textContent()).toContain(
      'Chan Tai Man',
    );
    expect(await submitButton(app).count()).toBe(0);
  });

  it('shows a rejection with its reason and takes the corrected form again', async () => {
    const account = await registerByEmail(suite.stack);
    const { token, user } = account.session;
    const sent = await submitVerification(suite.stack, token, {
      name: 'Chan Tai Man',
      cardId: 'A1234567',
    });
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/mine/auth');
    await eventually(() => banner(app).textContent()).toBe('Waiting for review');

    await app.idle();
    await reviewVerification(suite.stack, user.uid, false, 'The ID number does not match');
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await eventually(() => banner(app).locator('.auth-banner-title').textContent()).toBe(
      'Verification rejected: please correct and submit again',
    );
    expect(await banner(app).locator('.auth-banner-reason').textContent()).toBe(
      'Reason: The ID number does not match',
    );

    // The form comes back with what was sent: only the wrong field needs changing.
    const cardId = page.getByLabel('ID number', { exact: true });
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Chan Tai Man');
    expect(await cardId.inputValue()).toBe('A1234567');
    for (const side of ['Front of the ID', 'Back of the ID']) {
      await imageField(page, side).getByRole('img', { name: side }).waitFor();
    }
    await cardId.fill('A7654321');
    // One image replaced, the other kept as it was.
    await pickImage(page, 'Front of the ID', pngFile('front-2.png'), { replacing: true });
    await submitButton(app).click();

    await app.expectToast('Submitted, awaiting review');
    await eventually(() => banner(app).textContent()).toBe('Waiting for review');
    const state = await suite.stack.apiAs(token).call('realNameCenter');
    expect(state).toMatchObject({
      review_status: REVIEW_STATUS.WAITING,
      name: 'Chan Tai Man',
      card_id: 'A7654321',
      reverse_pic: sent.back,
      reject_reason: '',
    });
    expect(state.front_pic).not.toBe(sent.front);
    expect(await page.getByRole('region', { name: 'Submitted data' }).textContent()).toContain(
      'A7654321',
    );
  });

  it('gives each missing field its message and sends nothing until all are there', async () => {
    const account = await registerByEmail(suite.stack);
    const app = await suite.newApp();
    const { page } = app;
    const sent = recordSubmissions(app);
    await openLoggedIn(app, account.session, '/mine/auth');
    await eventually(() => banner(app).textContent()).toBe('Not verified yet');

    await submitButton(app).click();
    await eventually(() => fieldErrors(page).allTextContents()).toEqual([
      'Please input your name',
      'Please input your ID number',
      'Please add a photo of the front of your ID',
      'Please add a photo of the back of your ID',
    ]);

    // Blank is missing too; each answer takes its own message away.
    await page.getByLabel('Name', { exact: true }).fill('   ');
    await page.getByLabel('ID number', { exact: true }).fill('A1234567');
    await pickImage(page, 'Back of the ID', pngFile('back.png'));
    await submitButton(app).click();
    await eventually(() => fieldErrors(page).allTextContents()).toEqual([
      'Please input your name',
      'Please add a photo of the front of your ID',
    ]);

    // An image taken away is missing again.
    await imageField(page, 'Back of the ID').getByRole('button', { name: 'Remove' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Chan Tai Man');
    await pickImage(page, 'Front of the ID', pngFile('front.png'));
    await submitButton(app).click();
    await eventually(() => fieldErrors(page).allTextContents()).toEqual([
      'Please add a photo of the back of your ID',
    ]);
    expect(sent).toEqual([]);
    expect(await banner(app).textContent()).toBe('Not verified yet');
  });
});
