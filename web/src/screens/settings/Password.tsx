import { CODE_PURPOSE } from '@pipstream/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { api } from '../../api/index.js';
import { goBack, navigate } from '../../nav/location.js';
import { session, signOut } from '../../state/session.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { PasswordField } from '../../ui/PasswordField.js';
import { Tabs } from '../../ui/Tabs.js';
import type { AccountValue } from '../auth/AccountField.js';
import { CodeField, NewPasswordFields, useNewPassword } from '../auth/PasswordFields.js';
import { sendCode } from '../auth/sendCode.js';
import { accountPayload } from '../auth/useAccount.js';
import { useCheckedSubmit } from '../auth/useCheckedSubmit.js';
import {
  ownAccount,
  type PasswordMode,
  validateChange,
  validateOwnReset,
} from './password-form.js';

/**
 * Change with the current password (`amendPassword`). The server keeps this device logged in
 * and shows its message; the user goes back to where they came from.
 */
function ChangeForm() {
  const { t } = useTranslation();
  const [old, setOld] = useState('');
  const passwords = useNewPassword();
  const { password, repeat } = passwords;
  // A wrong current password is refused with the server's message; what was typed stays.
  const { errors, busy, submit } = useCheckedSubmit(
    () => validateChange({ old, password, repeat }),
    async () => {
      await api.call('amendPassword', {
        old_password: old,
        new_password: password,
        secondary_password: repeat,
      });
      setOld('');
      passwords.clear();
      goBack('/user');
    },
  );

  return (
    <form className="form-stack" noValidate onSubmit={submit}>
      <PasswordField
        label={t('web.password.old')}
        autoComplete="current-password"
        value={old}
        onChange={(event) => setOld(event.target.value)}
        error={errors.old && t(errors.old)}
      />
      <NewPasswordFields value={passwords} errors={errors} />
      <Button type="submit" block busy={busy}>
        {t('web.password.submit')}
      </Button>
    </form>
  );
}

/**
 * Reset with a code sent to the account's own e-mail or phone (docs/product.md#routes: new
 * password, repeat, code with a send button and the 60 s countdown), through `forgetPassword`. The
 * server ends every session of the account, this one included, and asks to log in again: the app
 * signs out and opens the login (this project's choice, following the server's message).
 */
function ResetForm({ account }: { readonly account: AccountValue }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const passwords = useNewPassword();
  const { password, repeat } = passwords;
  // A wrong or expired code is refused with the server's message; what was typed stays.
  const { errors, busy, submit } = useCheckedSubmit(
    () => validateOwnReset({ code, password, repeat }),
    async () => {
      await api.call('forgetPassword', {
        ...accountPayload(account),
        type: account.type,
        new_password: password,
        secondary_password: repeat,
        auth_code: code.trim(),
      });
      signOut();
      navigate('/login', { replace: true });
    },
  );

  return (
    <form className="form-stack" noValidate onSubmit={submit}>
      <p className="form-note">{t('web.password.code_to', { account: account.account })}</p>
      <CodeField
        value={code}
        onChange={setCode}
        error={errors.code && t(errors.code)}
        onSend={() => sendCode(account, CODE_PURPOSE.RESET)}
      />
      <NewPasswordFields value={passwords} errors={errors} />
      <Button type="submit" block busy={busy}>
        {t('web.forgot.submit')}
      </Button>
    </form>
  );
}

/** `/mine/password`: change the password with the current one, or reset it with a code. */
export default function Password() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const [mode, setMode] = useState<PasswordMode>('change');
  const account = user ? ownAccount(user) : undefined;
  return (
    <>
      <PageHeader backTo="/user" title={t('web.password.title')} />
      <div className="page-body form-stack">
        <Tabs
          className="password-tabs"
          label={t('web.password.mode')}
          items={[
            { value: 'change' as PasswordMode, label: t('web.password.change') },
            { value: 'reset' as PasswordMode, label: t('web.password.reset') },
          ]}
          value={mode}
          onChange={setMode}
        />
        {mode === 'change' && <ChangeForm />}
        {mode === 'reset' &&
          (account ? (
            <ResetForm account={account} />
          ) : (
            <EmptyState icon="lock" text={t('web.password.no_account')} />
          ))}
      </div>
    </>
  );
}
