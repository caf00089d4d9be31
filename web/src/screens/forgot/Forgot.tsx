import { CODE_PURPOSE, PASSWORD_LENGTH } from '@pipstream/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/index.js';
import { navigate } from '../../nav/location.js';
import { Button } from '../../ui/Button.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { AccountField, LoginTypeTabs } from '../auth/AccountField.js';
import { CodeField, NewPasswordFields, useNewPassword } from '../auth/PasswordFields.js';
import { sendCode } from '../auth/sendCode.js';
import { accountPayload, useAccount } from '../auth/useAccount.js';
import { useCheckedSubmit } from '../auth/useCheckedSubmit.js';
import { isValid, validateAccount, validateReset } from '../auth/validation.js';

type ResetField = 'account' | 'code' | 'password' | 'repeat';

/**
 * `/forgot`: a code sent to the e-mail or phone (60 s countdown), the new password twice. On
 * success the server's message shows and the user goes on to log in.
 */
export default function Forgot() {
  const { t } = useTranslation();
  const account = useAccount();
  const [code, setCode] = useState('');
  const passwords = useNewPassword();
  const { password, repeat } = passwords;
  const { errors, setErrors, busy, submit } = useCheckedSubmit<ResetField>(
    () => validateReset({ ...account.value, code, password, repeat }),
    async () => {
      await api.call('forgetPassword', {
        ...accountPayload(account.value),
        type: account.value.type,
        new_password: password,
        secondary_password: repeat,
        auth_code: code.trim(),
      });
      // docs/product.md#calls: the message shows (toastOnSuccess) and the fields clear: leaving the
      // screen for the login, where the new password is used, clears them.
      navigate('/login', { replace: true });
    },
  );

  const requestCode = async () => {
    const found = validateAccount(account.value.type, account.value.account);
    setErrors(found);
    return isValid(found) && sendCode(account.value, CODE_PURPOSE.RESET);
  };

  const message = (key: string | undefined) => (key ? t(key, PASSWORD_LENGTH) : undefined);

  return (
    <>
      <PageHeader backTo="/login" title={t('web.forgot.title')} />
      <form className="page-body auth-form" noValidate onSubmit={submit}>
        <LoginTypeTabs
          value={account.value.type}
          onChange={(type) => {
            account.setType(type);
            setErrors({});
          }}
        />
        <AccountField value={account.value} onChange={account.setValue} error={errors.account} />
        <CodeField
          value={code}
          onChange={setCode}
          error={message(errors.code)}
          onSend={requestCode}
        />
        <NewPasswordFields value={passwords} errors={errors} />
        <Button type="submit" block busy={busy}>
          {t('web.forgot.submit')}
        </Button>
      </form>
    </>
  );
}
