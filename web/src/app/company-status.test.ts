import { describe, expect, it, vi } from 'vitest';
import { API_MODULE, recordApiCalls } from '../test-support/api-calls.js';
import { decideStartup } from './company-status.js';

describe('startup check (docs/product.md#states)', () => {
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

describe('checkCompanyStatus', () => {
  it('switches to company-directory mode on type 0, and makes no other call', async () => {
    vi.resetModules();
    const calls = recordApiCalls((name) =>
      name === 'companyStatus' ? { status: 1, type: 0, loss_url: '' } : {},
    );
    const { settings } = await import('../state/settings.js');
    const { checkCompanyStatus } = await import('./company-status.js');
    await checkCompanyStatus();
    expect(calls).toEqual(['companyStatus']);
    expect(settings.directoryMode).toBe(true);
    vi.doUnmock(API_MODULE);
  });
});

describe('checkStoredLogin', () => {
  it('refreshes a stored user and loads the base settings', async () => {
    vi.resetModules();
    const calls = recordApiCalls(() => ({}));
    const { session } = await import('../state/session.js');
    session.token = 'token-1';
    session.user = null;
    const { checkStoredLogin } = await import('./stored-login.js');
    await checkStoredLogin();
    expect(calls).toEqual(['userInfo', 'basicInfo']);
    vi.doUnmock(API_MODULE);
  });

  it('makes no call for a visitor: their screens read what they need', async () => {
    vi.resetModules();
    const calls = recordApiCalls(() => ({}));
    const { session } = await import('../state/session.js');
    session.token = null;
    session.user = null;
    const { checkStoredLogin } = await import('./stored-login.js');
    await checkStoredLogin();
    expect(calls).toEqual([]);
    vi.doUnmock(API_MODULE);
  });
});
