import type { CompanyStatus } from '@pipstream/protocol';
import { api } from '../api/index.js';
import { settings } from '../state/settings.js';

/** What the startup check of SPEC §4 asks for. */
export type StartupDecision =
  | { readonly action: 'leave'; readonly url: string }
  | { readonly action: 'stay'; readonly directoryMode: boolean };

/**
 * SPEC §4: status 0 sends the browser to `loss_url`; otherwise type 0 switches the app to
 * company-directory mode. A status 0 without a usable http(s) `loss_url` keeps the app
 * running (this project's choice: there is nowhere to send the user).
 */
export function decideStartup(status: CompanyStatus): StartupDecision {
  if (status.status === 0 && /^https?:\/\//i.test(status.loss_url)) {
    return { action: 'leave', url: status.loss_url };
  }
  return { action: 'stay', directoryMode: status.type === 0 };
}

/**
 * Runs the startup sequence: the status check first, then — once `firstScreen` resolves —
 * the rest (after-first-screen.ts, a chunk of its own: it needs the protocol's schemas, which
 * the first screen does without). Failures are toasted by the API layer (or silent, for
 * initial calls) and never stop the app.
 */
export async function startApp(firstScreen: Promise<void> = Promise.resolve()): Promise<void> {
  try {
    const decision = decideStartup(await api.call('companyStatus'));
    if (decision.action === 'leave') {
      location.replace(decision.url);
      return;
    }
    settings.directoryMode = decision.directoryMode;
  } catch {
    // Already reported; the app runs in its normal mode.
  }
  await firstScreen;
  const { afterFirstScreen } = await import('./after-first-screen.js');
  afterFirstScreen();
}
