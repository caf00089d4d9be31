import { describe, expect, it } from 'vitest';
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
