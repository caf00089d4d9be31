import { describe, expect, it, vi } from 'vitest';
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
    const calls: string[] = [];
    vi.doMock('../api/index.js', () => ({
      api: {
        call: async (name: string) => {
          calls.push(name);
          if (name === 'companyStatus') return { status: 1, type: 1, loss_url: '' };
          return {};
        },
      },
    }));
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
    vi.doUnmock('../api/index.js');
  });
});
