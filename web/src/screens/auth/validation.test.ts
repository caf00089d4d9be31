import { PASSWORD_LENGTH } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import {
  isValid,
  newPasswordError,
  validateLogin,
  validateRegister,
  validateReset,
} from './validation.js';

describe('login checks (SPEC §5)', () => {
  it('asks for the account by its kind, then the password', () => {
    expect(validateLogin({ type: 'email', account: ' ', password: '' })).toEqual({
      account: 'web.auth.enter_email',
      password: 'web.auth.enter_password',
    });
    expect(validateLogin({ type: 'mobile', account: '', password: 'x' })).toEqual({
      account: 'web.auth.enter_phone',
    });
    expect(isValid(validateLogin({ type: 'email', account: 'a@b.test', password: 'x' }))).toBe(
      true,
    );
  });
});

describe('reset checks (SPEC §5)', () => {
  const filled = { type: 'email' as const, account: 'a@b.test', code: '1234' };

  it('says "input full" for an empty new or repeated password', () => {
    expect(validateReset({ ...filled, password: '', repeat: 'secret1' })).toEqual({
      password: 'web.auth.input_full',
    });
    expect(validateReset({ ...filled, password: 'secret1', repeat: '' })).toEqual({
      repeat: 'web.auth.input_full',
    });
  });

  it('says "passwords not equal" when they differ', () => {
    expect(validateReset({ ...filled, password: 'secret1', repeat: 'secret2' })).toEqual({
      repeat: 'web.auth.passwords_not_equal',
    });
    expect(isValid(validateReset({ ...filled, password: 'secret1', repeat: 'secret1' }))).toBe(
      true,
    );
  });
});

describe('registration checks', () => {
  it('requires the code only when the site asks for one', () => {
    const form = {
      type: 'email' as const,
      account: 'a@b.test',
      password: 'secret1',
      repeat: 'secret1',
      code: '',
    };
    expect(validateRegister({ ...form, codeRequired: true })).toEqual({
      code: 'web.auth.enter_code',
    });
    expect(isValid(validateRegister({ ...form, codeRequired: false }))).toBe(true);
    expect(validateRegister({ ...form, repeat: 'secret2', codeRequired: false })).toEqual({
      repeat: 'web.auth.passwords_not_equal',
    });
  });

  it('names the rule a password breaks: its length, at both ends', () => {
    const form = { type: 'email' as const, account: 'a@b.test', code: '', codeRequired: false };
    const short = 'x'.repeat(PASSWORD_LENGTH.min - 1);
    const long = 'x'.repeat(PASSWORD_LENGTH.max + 1);
    expect(validateRegister({ ...form, password: short, repeat: short })).toEqual({
      password: 'web.password.too_short',
    });
    expect(validateRegister({ ...form, password: long, repeat: long })).toEqual({
      password: 'web.password.too_long',
    });
    const shortest = 'x'.repeat(PASSWORD_LENGTH.min);
    expect(isValid(validateRegister({ ...form, password: shortest, repeat: shortest }))).toBe(true);
    expect(newPasswordError('')).toBeUndefined();
    const reset = { type: 'email' as const, account: 'a@b.test', code: '1' };
    expect(validateReset({ ...reset, password: short, repeat: short })).toEqual({
      password: 'web.password.too_short',
    });
  });
});
