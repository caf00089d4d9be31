import { KEEP_ALIVE } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openLoggedIn, registerByEmail } from './test-support/accounts.js';
import { useBrowserSuite } from './test-support/suite.js';

// A gateway that holds one logged-in account at most: a second trader's login is refused.
const suite = useBrowserSuite({ gateway: { MAX_PRIVATE_SESSIONS: '1' } });

/** The first retry comes 10–15 s after the refusal; the session it replaces lingers 2 s. */
const RETRIED_WITHIN_MS = 25_000;

/** A socket logged in through the gateway with `token`, holding its only session. */
async function holdingTheSession(token: string): Promise<WebSocket> {
  const socket = new WebSocket(`${suite.stack.baseUrl.replace(/^http/, 'ws')}/v1/ws`);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const answer = new Promise<{ code: number }>((resolve) =>
    socket.on('message', (data) => {
      // A quiet socket gets keep-alives besides its JSON frames.
      if (data.toString() === KEEP_ALIVE) return;
      const frame = JSON.parse(data.toString()) as { type: string; code: number };
      if (frame.type === 'login_result') resolve(frame);
    }),
  );
  socket.send(JSON.stringify({ type: 'login', token }));
  expect((await answer).code).toBe(1);
  return socket;
}

describe('a login the gateway refuses for its limits', () => {
  it('tells the trader account updates are paused, and logs in again by itself', async () => {
    const other = await suite.stack.api.call('createAccountDemoForU', {});
    const holder = await holdingTheSession(other.token);
    const trader = await registerByEmail(suite.stack);
    const app = await suite.newApp();
    await openLoggedIn(app, trader.session, '/');

    const badge = app.page.getByTestId('connection-badge');
    await expect
      .poll(() => badge.getAttribute('data-account-paused'), { timeout: 10_000 })
      .toBe('true');
    await expect
      .poll(() => badge.textContent(), { timeout: 10_000 })
      .toContain('Account updates paused');
    // Nothing is blocked: quotes keep coming on the same socket.
    await app.page.getByTestId('quote-price').first().filter({ hasText: /\d/ }).waitFor();

    // The other account leaves; its lingering session gives way to the app's next login.
    holder.close();
    await expect
      .poll(() => badge.getAttribute('data-account-paused'), { timeout: RETRIED_WITHIN_MS })
      .toBeNull();
    expect(await badge.textContent()).not.toContain('paused');
  }, 60_000);
});
