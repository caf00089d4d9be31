import { describe, expect, it, vi } from 'vitest';
import { API_MODULE, recordApiCalls } from '../api/test-support.js';
import { decideStartup } from './startup.js';

describe('startup check (SPEC §4)', () => {
  it('leaves for loss_url when the status is 0', () => {
    expect(decideStartup({ status: 0, type: 1, loss_url: 'https://moved.test/' })).toEqual({
      action: 'leave',
      url: 'https://moved.test/',
    });
  });

  it('stays when status 0 names no usable address', () => {
    expect(decideStartup({ status: 0, type: 1, loss_url: '' })).toEqual({
      action: 'stay',
      directoryMode: false,
    });
    expect(decideStartup({ status: 0, type: 1, loss_url: 'javascript:alert(1)' })).toMatchObject({
      action: 'stay',
    });
  });

  it('switches to company-directory mode on type 0', () => {
    expect(decideStartup({ status: 1, type: 0, loss_url: '' })).toEqual({
      action: 'stay',
      directoryMode: true,
    });
    expect(decideStartup({ status: 1, type: 1, loss_url: '' })).toEqual({
      action: 'stay',
      directoryMode: false,
    });
  });
});

describe('startApp', () => {
  it('runs the status check at once and the rest only after the first screen', async () => {
    vi.resetModules();
    const calls = recordApiCalls((name) =>
      name === 'companyStatus' ? { status: 1, type: 1, loss_url: '' } : {},
    );
    const { session } = await import('../state/session.js');
    session.token = 'token-1';
    session.user = null;
    const { startApp } = await import('./startup.js');
    let showFirstScreen = () => {};
    const firstScreen = new Promise<void>((resolve) => {
      showFirstScreen = resolve;
    });
    const started = startApp(firstScreen);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual(['companyStatus']);
    showFirstScreen();
    await started;
    expect(calls).toEqual(['companyStatus', 'userInfo', 'basicInfo']);
    vi.doUnmock(API_MODULE);
  });

  it('makes no other call for a visitor: their screens read what they need', async () => {
    vi.resetModules();
    const calls = recordApiCalls((name) =>
      name === 'companyStatus' ? { status: 1, type: 1, loss_url: '' } : {},
    );
    const { session } = await import('../state/session.js');
    session.token = null;
    session.user = null;
    const { startApp } = await import('./startup.js');
    await startApp(Promise.resolve());
    // Whatever the after-first-screen chunk does, it has had its turn.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual(['companyStatus']);
    vi.doUnmock(API_MODULE);
  });
});
