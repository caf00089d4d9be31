import type { LoginType } from '@pipstream/protocol';
import { useState } from 'react';
import type { AccountValue } from './AccountField.js';

/** The account part of an auth form; switching e-mail/phone starts the account over. */
export function useAccount(initial: LoginType = 'email') {
  const [value, setValue] = useState<AccountValue>({
    type: initial,
    account: '',
    areaId: undefined,
  });
  const setType = (type: LoginType) => setValue((current) => ({ ...current, type, account: '' }));
  return { value, setValue, setType };
}

/** What the protocol's calls take for an account: the identifier, and the area for a phone. */
export function accountPayload(value: AccountValue) {
  const account = value.account.trim();
  return value.type === 'mobile' ? { account, area_id: value.areaId } : { account };
}
