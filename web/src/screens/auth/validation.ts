import { type LoginType, PASSWORD_LENGTH } from '@pipstream/protocol';

/** Field → locale key of its message. Empty when the form may be sent. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

const blank = (value: string) => value.trim() === '';

/** SPEC §5: "Enter your email" or "Enter your phone number". */
function accountMessage(type: LoginType): string {
  return type === 'email' ? 'web.auth.enter_email' : 'web.auth.enter_phone';
}

/**
 * The rule a new password breaks, as a locale key (its texts take `PASSWORD_LENGTH` as
 * parameters): the server refuses the same, but only as "some values are not accepted", so the
 * field says which rule before anything is sent. `undefined` when it keeps them, or is empty
 * (each form has its own "required" wording).
 */
export function newPasswordError(password: string): string | undefined {
  if (password === '') return undefined;
  if (password.length < PASSWORD_LENGTH.min) return 'web.password.too_short';
  if (password.length > PASSWORD_LENGTH.max) return 'web.password.too_long';
  return undefined;
}

/** Checks the account alone (before sending a code). */
export function validateAccount(type: LoginType, account: string): FieldErrors<'account'> {
  return blank(account) ? { account: accountMessage(type) } : {};
}

/** SPEC §5 login: account required, then password required ("Please enter password"). */
export function validateLogin(form: {
  type: LoginType;
  account: string;
  password: string;
}): FieldErrors<'account' | 'password'> {
  return {
    ...validateAccount(form.type, form.account),
    ...(form.password === '' ? { password: 'web.auth.enter_password' } : {}),
  };
}

/**
 * SPEC §5 reset: an empty new or repeated password (or code) gives "input full"; different
 * passwords give "passwords not equal"; a password outside the protocol's bounds says which.
 * The account check is the login one.
 */
export function validateReset(form: {
  type: LoginType;
  account: string;
  code: string;
  password: string;
  repeat: string;
}): FieldErrors<'account' | 'code' | 'password' | 'repeat'> {
  const errors: FieldErrors<'account' | 'code' | 'password' | 'repeat'> = validateAccount(
    form.type,
    form.account,
  );
  if (blank(form.code)) errors.code = 'web.auth.input_full';
  const broken = newPasswordError(form.password);
  if (form.password === '') errors.password = 'web.auth.input_full';
  else if (broken) errors.password = broken;
  if (form.repeat === '') errors.repeat = 'web.auth.input_full';
  else if (form.password !== '' && form.password !== form.repeat) {
    errors.repeat = 'web.auth.passwords_not_equal';
  }
  return errors;
}

/**
 * Registration. SPEC leaves its client checks open; this project's choice is the login and
 * reset messages: account and password required, the password within the protocol's bounds,
 * the repeat must match, and the code (or picture code) required when the site asks for one.
 */
export function validateRegister(form: {
  type: LoginType;
  account: string;
  password: string;
  repeat: string;
  code: string;
  codeRequired: boolean;
}): FieldErrors<'account' | 'password' | 'repeat' | 'code'> {
  const errors: FieldErrors<'account' | 'password' | 'repeat' | 'code'> = validateAccount(
    form.type,
    form.account,
  );
  const broken = newPasswordError(form.password);
  if (form.password === '') errors.password = 'web.auth.enter_password';
  else if (broken) errors.password = broken;
  if (form.repeat === '') errors.repeat = 'web.auth.input_full';
  else if (form.password !== '' && form.password !== form.repeat) {
    errors.repeat = 'web.auth.passwords_not_equal';
  }
  if (form.codeRequired && blank(form.code)) errors.code = 'web.auth.enter_code';
  return errors;
}

/** True when a check found nothing. */
export function isValid(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length === 0;
}
