import { describe, expect, it } from 'vitest';
import { type MessageKey, Messages } from './messages.js';

describe('Messages', () => {
  const messages = new Messages();

  it('answers in English for English and for languages without a file', () => {
    expect(messages.t('en', 'trade.closed')).toBe('Position closed');
    expect(messages.t('xx', 'trade.closed')).toBe('Position closed');
    expect(messages.t(undefined, 'trade.closed')).toBe('Position closed');
  });

  it('fills {{placeholders}}', () => {
    expect(messages.t('en', 'account.code_cooldown', { seconds: 42 })).toBe(
      'Please wait 42 seconds before asking for another code',
    );
  });

  it('falls back to the key when no catalogue has it', () => {
    expect(messages.t('en', 'no.such.key' as MessageKey)).toBe('no.such.key');
  });
});
