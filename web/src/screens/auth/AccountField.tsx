import type { LoginType } from '@pipstream/protocol';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field.js';
import { Tabs } from '../../ui/Tabs.js';
import { AreaCodeSelect } from '../../widgets/AreaCodeSelect.js';

export interface AccountValue {
  readonly type: LoginType;
  readonly account: string;
  readonly areaId: number | undefined;
}

/** E-mail or phone, as tabs; without phone only the e-mail form shows (no tabs). */
export function LoginTypeTabs({
  value,
  onChange,
  withPhone = true,
}: {
  readonly value: LoginType;
  readonly onChange: (type: LoginType) => void;
  readonly withPhone?: boolean;
}) {
  const { t } = useTranslation();
  if (!withPhone) return null;
  return (
    <Tabs
      className="auth-tabs"
      label={t('web.auth.account_type')}
      items={[
        { value: 'email' as LoginType, label: t('web.auth.by_email') },
        { value: 'mobile' as LoginType, label: t('web.auth.by_phone') },
      ]}
      value={value}
      onChange={onChange}
    />
  );
}

/** The e-mail address, or the phone number with its area code. */
export function AccountField({
  value,
  onChange,
  error,
}: {
  readonly value: AccountValue;
  readonly onChange: (next: AccountValue) => void;
  /** Locale key of the message to show. */
  readonly error?: string;
}) {
  const { t } = useTranslation();
  const email = value.type === 'email';
  return (
    <Field
      label={email ? t('web.auth.email') : t('web.auth.phone')}
      type={email ? 'email' : 'tel'}
      inputMode={email ? 'email' : 'numeric'}
      autoComplete="username"
      autoCapitalize="off"
      spellCheck={false}
      value={value.account}
      onChange={(event) => onChange({ ...value, account: event.target.value })}
      error={error ? t(error) : undefined}
      leading={
        email ? undefined : (
          <AreaCodeSelect
            value={value.areaId}
            onChange={(areaId) => onChange({ ...value, areaId })}
          />
        )
      }
    />
  );
}
