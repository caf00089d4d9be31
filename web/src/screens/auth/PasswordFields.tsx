/** The fields of a password being set: the code sent to prove the account, the new password twice. */
import { PASSWORD_LENGTH } from '@pipstream/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field.js';
import { PasswordField } from '../../ui/PasswordField.js';
import { SendCodeButton } from '../../ui/SendCodeButton.js';
import type { FieldErrors } from './validation.js';

/** A new password and its repeat as typed, and their setters. */
export interface NewPassword {
  readonly password: string;
  readonly repeat: string;
  readonly onPassword: (value: string) => void;
  readonly onRepeat: (value: string) => void;
}

/** The state of a new password typed twice; `clear` empties both. */
export function useNewPassword(): NewPassword & { readonly clear: () => void } {
  const [password, onPassword] = useState('');
  const [repeat, onRepeat] = useState('');
  const clear = () => {
    onPassword('');
    onRepeat('');
  };
  return { password, repeat, onPassword, onRepeat, clear };
}

/**
 * A new password typed twice, as registration, the forgotten-password form and both forms of
 * the password screen ask for it.
 */
export function NewPasswordFields({
  label = 'web.forgot.new_password',
  value: { password, repeat, onPassword, onRepeat },
  errors,
}: {
  /** The first field's label key: registration's has no old password to tell it from. */
  readonly label?: string;
  readonly value: NewPassword;
  readonly errors: FieldErrors<'password' | 'repeat'>;
}) {
  const { t } = useTranslation();
  const message = (key: string | undefined) => (key ? t(key, PASSWORD_LENGTH) : undefined);
  return (
    <>
      <PasswordField
        label={t(label)}
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        error={message(errors.password)}
      />
      <PasswordField
        label={t('web.auth.repeat_password')}
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => onRepeat(event.target.value)}
        error={message(errors.repeat)}
      />
    </>
  );
}

/** The code sent to the e-mail or phone, with the button that sends it (60 s countdown). */
export function CodeField({
  value,
  onChange,
  error,
  onSend,
}: {
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The error's text, translated. */
  readonly error: string | undefined;
  readonly onSend: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('web.auth.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      trailing={<SendCodeButton onSend={onSend} />}
    />
  );
}
