/** The company status check at start-up (docs/product.md#states): leave, or directory mode. */
import type { CompanyStatus } from '@pipstream/protocol';
import { api } from '../api/index.js';
import { browserOffline, whenBack } from '../state/network.js';
import { settings } from '../state/settings.js';

/** What the startup check of docs/product.md#states asks for. */
export type StartupDecision =
  | { readonly action: 'leave'; readonly url: string }
  | { readonly action: 'stay'; readonly directoryMode: boolean };

/**
 * docs/product.md#states: status 0 sends the browser to `loss_url`; otherwise type 0 switches the
 * app to company-directory mode. A status 0 without a usable http(s) `loss_url` keeps the app
 * running (this project's choice: there is nowhere to send the user).
 */
export function decideStartup(status: CompanyStatus): StartupDecision {
  if (status.status === 0 && /^https?:\/\//i.test(status.loss_url)) {
    return { action: 'leave', url: status.loss_url };
  }
  return { action: 'stay', directoryMode: status.type === 0 };
}

/**
 * The startup check: leaves for `loss_url`, or sets company-directory mode. A failure was
 * toasted by the API layer (or is silent: the call is initial) and the app runs in its normal
 * mode. While the browser says it is offline the check could only fail: the app runs in its
 * normal mode and the check is made once the connection is back, as it is after a check that
 * failed.
 */
export async function checkCompanyStatus(): Promise<void> {
  if (browserOffline()) {
    whenBack(checkWhenBack);
    return;
  }
  try {
    const decision = decideStartup(await api.call('companyStatus'));
    if (decision.action === 'leave') {
      location.replace(decision.url);
      return;
    }
    settings.directoryMode = decision.directoryMode;
  } catch {
    // Already reported; the app runs in its normal mode, and asks again once the connection
    // is back.
    whenBack(checkWhenBack);
  }
}

function checkWhenBack(): void {
  void checkCompanyStatus();
}
