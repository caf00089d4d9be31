import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../ui/Button.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { PasswordField } from '../../ui/PasswordField.js';

/** `/mine/password`: change the password (old, new, repeat), or reset it by code. */
export default function Password() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader backTo="/user" title={t('web.password.title')} />
      <form
        className="page-body form-stack"
        noValidate
        onSubmit={(event) => event.preventDefault()}
      >
        <PasswordField label={t('web.password.old')} autoComplete="current-password" disabled />
        <PasswordField label={t('web.forgot.new_password')} autoComplete="new-password" disabled />
        <PasswordField label={t('web.auth.repeat_password')} autoComplete="new-password" disabled />
        <Button type="submit" block disabled>
          {t('web.common.submit')}
        </Button>
        <p className="auth-switch">
          <Link href="/forgot">{t('web.login.forgot')}</Link>
        </p>
      </form>
    </>
  );
}
