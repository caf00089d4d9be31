import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, type FieldProps } from './Field.js';
import { IconButton } from './IconButton.js';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <Field
      autoComplete="current-password"
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <IconButton
          icon={visible ? 'eyeOff' : 'eye'}
          label={visible ? t('web.common.hide_password') : t('web.common.show_password')}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        />
      }
    />
  );
}
