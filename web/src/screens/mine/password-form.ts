import type { User } from '@pipstream/protocol';
import type { AccountValue } from '../auth/AccountField.js';
import { type FieldErrors, newPasswordError } from '../auth/validation.js';

/** The two ways `/mine/password` sets a new password. */
export type PasswordMode = 'change' | 'reset';

const blank = (value: string) => value.trim() === '';

/**
 * SPEC §5 for the new password and its repeat: either empty gives "input full", different
 * values give "passwords not equal"; a new password outside the protocol's bounds says so.
 */
function validateNewPassword(password: string, repeat: string): FieldErrors<'password' | 'repeat'> {
  const errors: FieldErrors<'password' | 'repeat'> = {};
  const broken = newPasswordError(password);
  if (password === '') errors.password = 'web.auth.input_full';
  else if (broken) errors.password = broken;
  if (repeat === '') errors.repeat = 'web.auth.input_full';
  else if (password !== '' && password !== repeat) errors.repeat = 'web.auth.passwords_not_equal';
  return errors;
}

/** Change: the current password is required (SPEC §5 "old password" wording), then the new one twice. */
export function validateChange(form: {
  old: string;
  password: string;
  repeat: string;
}): FieldErrors<'old' | 'password' | 'repeat'> {
  return {
    ...(form.old === '' ? { old: 'web.password.enter_old' } : {}),
    ...validateNewPassword(form.password, form.repeat),
  };
}

/** Reset (SPEC §2, §5): the code is required ("input full", as on /forgot), then the new password twice. */
export function validateOwnReset(form: {
  code: string;
  password: string;
  repeat: string;
}): FieldErrors<'code' | 'password' | 'repeat'> {
  return {
    ...(blank(form.code) ? { code: 'web.auth.input_full' } : {}),
    ...validateNewPassword(form.password, form.repeat),
  };
}

/**
 * The logged-in user's own e-mail or phone, where a reset code goes: the e-mail when the
 * account has one, else the phone with its area. `undefined` for an account with neither (a
 * demo account, which the route guard keeps out anyway).
 */
export function ownAccount(
  user: Pick<User, 'email' | 'mobile' | 'area_id'>,
): AccountValue | undefined {
  if (user.email !== '') return { type: 'email', account: user.email, areaId: undefined };
  if (user.mobile !== '' && user.area_id !== null) {
    return { type: 'mobile', account: user.mobile, areaId: user.area_id };
  }
  return undefined;
}
