import { PASSWORD_LENGTH } from '@pipstream/protocol';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../ui/PasswordField.js';
import type { FieldErrors } from './validation.js';

/**
 * A new password typed twice, as registration, the forgotten-password form and both forms of
 * the password screen ask for it.
 */
export function NewPasswordFields({
  label = 'web.forgot.new_password',
  password,
  repeat,
  onPassword,
  onRepeat,
  errors,
}: {
  /** The first field's label key: registration's has no old password to tell it from. */
  readonly label?: string;
  readonly password: string;
  readonly repeat: string;
  readonly onPassword: (value: string) => void;
  readonly onRepeat: (value: string) => void;
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
