import { describe, expect, it } from 'vitest';
import { ownAccount, validateChange, validateOwnReset } from './password-form.js';

describe('validateChange', () => {
  it('passes a complete form', () => {
    expect(validateChange({ old: 'old-pass', password: 'new-pass', repeat: 'new-pass' })).toEqual(
      {},
    );
  });

  it('asks for the current password, and says "input full" for an empty new or repeat', () => {
    expect(validateChange({ old: '', password: '', repeat: '' })).toEqual({
      old: 'web.password.enter_old',
      password: 'web.auth.input_full',
      repeat: 'web.auth.input_full',
    });
  });

  it('says "passwords not equal" when the two differ (docs/product.md#validation)', () => {
    expect(validateChange({ old: 'x', password: 'new-pass', repeat: 'new-pasS' })).toEqual({
      repeat: 'web.auth.passwords_not_equal',
    });
  });

  it('says a new password is too short below 6 characters', () => {
    expect(validateChange({ old: 'x', password: '12345', repeat: '12345' })).toEqual({
      password: 'web.password.too_short',
    });
    expect(validateChange({ old: 'x', password: '123456', repeat: '123456' })).toEqual({});
  });

  it('does not trim passwords: spaces count', () => {
    expect(validateChange({ old: ' ', password: 'abc def', repeat: 'abc def' })).toEqual({});
  });
});

describe('validateOwnReset', () => {
  it('requires the code ("input full", blank counts as empty) and the new password twice', () => {
    expect(validateOwnReset({ code: '  ', password: '', repeat: 'x' })).toEqual({
      code: 'web.auth.input_full',
      password: 'web.auth.input_full',
    });
    expect(validateOwnReset({ code: '123456', password: 'secret-1', repeat: 'secret-2' })).toEqual({
      repeat: 'web.auth.passwords_not_equal',
    });
    expect(validateOwnReset({ code: '123456', password: 'secret-1', repeat: 'secret-1' })).toEqual(
      {},
    );
  });
});

describe('ownAccount', () => {
  it('is the e-mail when the account has one', () => {
    expect(ownAccount({ email: 'a@b.c', mobile: '91234567', area_id: 1 })).toEqual({
      type: 'email',
      account: 'a@b.c',
      areaId: undefined,
    });
  });

  it('is the phone with its area otherwise', () => {
    expect(ownAccount({ email: '', mobile: '91234567', area_id: 1 })).toEqual({
      type: 'mobile',
      account: '91234567',
      areaId: 1,
    });
  });

  it('is nothing for an account with neither (or a phone without its area)', () => {
    expect(ownAccount({ email: '', mobile: '', area_id: null })).toBeUndefined();
    expect(ownAccount({ email: '', mobile: '91234567', area_id: null })).toBeUndefined();
  });
});
