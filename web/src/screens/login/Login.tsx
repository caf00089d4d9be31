import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { api } from '../../api/index.js';
import { safeFrom } from '../../app/guard.js';
import { navigate } from '../../app/location.js';
import { lastDemoId, signIn } from '../../state/session.js';
import { Button } from '../../ui/Button.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { PasswordField } from '../../ui/PasswordField.js';
import { AccountField, LoginTypeTabs } from '../auth/AccountField.js';
import { accountPayload, useAccount } from '../auth/useAccount.js';
import { type FieldErrors, isValid, validateLogin } from '../auth/validation.js';

/** `/login`: e-mail or phone and password, or a demo account; then back to `from`. */
export default function Login() {
  const { t } = useTranslation();
  const from = safeFrom(useSearch()) ?? '/';
  const account = useAccount();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'account' | 'password'>>({});
  const [busy, setBusy] = useState<'login' | 'demo' | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin({ ...account.value, password });
    setErrors(found);
    if (!isValid(found)) return;
    setBusy('login');
    try {
      const answer = await api.call('loginForU', {
        ...accountPayload(account.value),
        password,
        login_type: account.value.type,
      });
      signIn(answer);
      navigate(from, { replace: true });
    } catch {
      // The API layer showed why.
    } finally {
      setBusy(null);
    }
  };

  const tryDemo = async () => {
    setBusy('demo');
    try {
      signIn(await api.call('createAccountDemoForU', { demo_id: lastDemoId() }));
      navigate(from, { replace: true });
    } catch {
      // The API layer showed why.
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader backTo="/" title={t('web.login.title')} />
      <form className="page-body auth-form" noValidate onSubmit={submit}>
        <p className="auth-welcome">{t('web.login.welcome')}</p>
        <LoginTypeTabs
          value={account.value.type}
          onChange={(type) => {
            account.setType(type);
            setErrors({});
          }}
        />
        <AccountField value={account.value} onChange={account.setValue} error={errors.account} />
        <PasswordField
          label={t('web.auth.password')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password ? t(errors.password) : undefined}
        />
        <div className="auth-links">
          <Link href="/forgot">{t('web.login.forgot')}</Link>
        </div>
        <Button type="submit" block busy={busy === 'login'} disabled={busy !== null}>
          {t('web.login.submit')}
        </Button>
        <Button
          variant="secondary"
          block
          busy={busy === 'demo'}
          disabled={busy !== null}
          onClick={tryDemo}
        >
          {t('web.login.demo')}
        </Button>
        <p className="auth-switch">
          {t('web.login.no_account')} <Link href="/register">{t('web.login.register')}</Link>
        </p>
      </form>
    </>
  );
}
