import { CODE_PURPOSE, PASSWORD_LENGTH, VERIFY_REG_TYPE } from '@pipstream/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useSearch } from 'wouter';
import { api } from '../../api/index.js';
import { navigate } from '../../nav/location.js';
import { signIn } from '../../state/session.js';
import { settings } from '../../state/settings.js';
import { loadBaseSettings } from '../../state/site.js';
import { Button } from '../../ui/Button.js';
import { Field } from '../../ui/Field.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { AccountField, LoginTypeTabs } from '../auth/AccountField.js';
import { CodeField, NewPasswordFields, useNewPassword } from '../auth/PasswordFields.js';
import { sendCode } from '../auth/sendCode.js';
import { accountPayload, useAccount } from '../auth/useAccount.js';
import { useCheckedSubmit } from '../auth/useCheckedSubmit.js';
import { isValid, validateAccount, validateRegister } from '../auth/validation.js';
import { Captcha } from './Captcha.js';

type RegisterField = 'account' | 'password' | 'repeat' | 'code';

/** Whether the site offers phone registration (`default/setting` is_show_mobile = '1'). */
function usePhoneOffered(): boolean {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    let live = true;
    api.call('defaultSetting', { key: 'is_show_mobile' }).then(
      (setting) => live && setOffered(setting.value === '1'),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return offered;
}

/**
 * `/register`: e-mail or phone, the proof the site asks for (`verify_reg_type`: 1 a code sent
 * with a 60 s countdown, 2 a picture code), the password twice and the invite code of the
 * link.
 */
export default function Register() {
  const { t } = useTranslation();
  const inviteFromLink = new URLSearchParams(useSearch()).get('invite_code') ?? '';
  const { base } = useSnapshot(settings);
  const phoneOffered = usePhoneOffered();
  const account = useAccount();
  const passwords = useNewPassword();
  const { password, repeat } = passwords;
  const [code, setCode] = useState('');
  const [invite, setInvite] = useState(inviteFromLink);
  const [captchaId, setCaptchaId] = useState<string>();

  useEffect(() => {
    loadBaseSettings().catch(() => undefined);
  }, []);

  // Until the base settings arrive, a code is assumed: the common case (this project's choice).
  const verify = base?.verify_reg_type ?? VERIFY_REG_TYPE.CODE;
  const codeRequired = verify === VERIFY_REG_TYPE.CODE || verify === VERIFY_REG_TYPE.CAPTCHA;

  const requestCode = async () => {
    const found = validateAccount(account.value.type, account.value.account);
    setErrors(found);
    return isValid(found) && sendCode(account.value, CODE_PURPOSE.REGISTER);
  };

  const { errors, setErrors, busy, submit } = useCheckedSubmit<RegisterField>(
    () => validateRegister({ ...account.value, password, repeat, code, codeRequired }),
    async () => {
      const { account: identifier, area_id } = accountPayload(account.value);
      const answer = await api.call('register', {
        type: account.value.type,
        ...(account.value.type === 'email'
          ? { account: identifier }
          : { mobile: identifier, area_id }),
        password,
        re_password: repeat,
        invite_code: invite.trim() || undefined,
        sms_code: codeRequired ? code.trim() : undefined,
        key: verify === VERIFY_REG_TYPE.CAPTCHA ? captchaId : undefined,
      });
      signIn(answer);
      navigate('/', { replace: true });
    },
  );

  const message = (key: string | undefined) => (key ? t(key, PASSWORD_LENGTH) : undefined);

  return (
    <>
      <PageHeader backTo="/login" title={t('web.register.title')} />
      <form className="page-body auth-form" noValidate onSubmit={submit}>
        <LoginTypeTabs
          value={account.value.type}
          withPhone={phoneOffered}
          onChange={(type) => {
            account.setType(type);
            setErrors({});
          }}
        />
        <AccountField value={account.value} onChange={account.setValue} error={errors.account} />
        {verify === VERIFY_REG_TYPE.CODE && (
          <CodeField
            value={code}
            onChange={setCode}
            error={message(errors.code)}
            onSend={requestCode}
          />
        )}
        {verify === VERIFY_REG_TYPE.CAPTCHA && (
          <Field
            label={t('web.register.captcha')}
            autoComplete="off"
            autoCapitalize="off"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={message(errors.code)}
            trailing={<Captcha onChange={setCaptchaId} />}
          />
        )}
        <NewPasswordFields label="web.auth.password" value={passwords} errors={errors} />
        <Field
          label={t('web.register.invite_code')}
          autoCapitalize="characters"
          autoComplete="off"
          value={invite}
          readOnly={inviteFromLink !== ''}
          onChange={(event) => setInvite(event.target.value)}
        />
        <Button type="submit" block busy={busy}>
          {t('web.register.submit')}
        </Button>
        <p className="auth-switch">
          {t('web.register.have_account')} <Link href="/login">{t('web.register.login')}</Link>
        </p>
      </form>
    </>
  );
}
