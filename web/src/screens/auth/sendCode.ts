import type { CODE_PURPOSE } from '@pipstream/protocol';
import { api } from '../../api/index.js';
import type { AccountValue } from './AccountField.js';

/**
 * Sends a verification code to the account (by e-mail or SMS) for registration or a reset.
 * Resolves whether it went out; failures are shown by the API layer.
 */
export async function sendCode(
  value: AccountValue,
  purpose: (typeof CODE_PURPOSE)[keyof typeof CODE_PURPOSE],
): Promise<boolean> {
  const to = value.account.trim();
  try {
    if (value.type === 'email') await api.call('sendEmail', { to, type: purpose });
    else await api.call('sendSms', { to, area_id: value.areaId ?? '', type: purpose });
    return true;
  } catch {
    return false;
  }
}
