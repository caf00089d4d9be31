import {
  type BaseSettings,
  formatBalance,
  SERVICE_LINK_TYPE,
  type Session,
} from '@pipstream/protocol';
import type { Locator } from 'playwright-core';
import type { AppPage } from './browser.js';
import { eventually } from './eventually.js';
import type { Stack } from './stack.js';

/** Fields of the base settings the mock's control API changes. */
export type BaseSettingsPatch = Partial<BaseSettings>;

/**
 * Changes the site's base settings through the control API and waits until the gateway answers
 * them (it micro-caches `getBasicInfo` for a second), so a page opened next reads them. Resolves
 * the settings as they were before, for `restoreBaseSettings`.
 */
export async function setBaseSettings(
  stack: Stack,
  patch: BaseSettingsPatch,
): Promise<BaseSettings> {
  // An empty patch changes nothing and answers the settings in force.
  const before = await stack.control<BaseSettings>('/settings/base', {});
  await stack.control('/settings/base', patch);
  await eventually(async () => {
    const served = await stack.api.call('basicInfo');
    return Object.entries(patch).every(
      ([key, value]) => served[key as keyof BaseSettings] === value,
    );
  }).toBe(true);
  return before;
}

/** Puts back settings `setBaseSettings` resolved (the tests of a file share one mock). */
export async function restoreBaseSettings(stack: Stack, settings: BaseSettings): Promise<void> {
  await setBaseSettings(stack, settings);
}

/** A new demo account opened through the API (as the login screen's demo entry does). */
export function openDemo(stack: Stack): Promise<Session> {
  return stack.api.call('createAccountDemoForU', {});
}

/** The account summary (`forexDetail`) of a user as the gateway answers it now. */
export function summaryOf(stack: Stack, token: string) {
  return stack.apiAs(token).call('forexDetail');
}

/** A balance as the personal center writes it (2 decimals: docs/product.md#constants). */
export function shownBalance(value: string): string {
  return formatBalance(value);
}

/** The balance card's balance figure. */
export function balanceFigure(app: AppPage): Locator {
  return app.page.getByTestId('balance');
}

/** The balance card's frozen figure. */
export function frozenFigure(app: AppPage): Locator {
  return app.page.getByTestId('frozen-balance');
}

/** Lets the page write and read the clipboard (copy buttons); call before opening the app. */
export async function allowClipboard(app: AppPage, origin: string): Promise<void> {
  await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
}

/** What the page's clipboard holds now. */
export function clipboardText(app: AppPage): Promise<string> {
  return app.page.evaluate(() => navigator.clipboard.readText());
}

/** A support page on the site itself: the app's CSP frames its own origin. */
export const SUPPORT_PATH = '/support/desk';

/**
 * Runs `test` with the in-app chat embedding the support page at `SUPPORT_PATH` (a test routes
 * what it answers); the settings come back after it.
 */
export async function withSupportPage(stack: Stack, test: () => Promise<void>): Promise<void> {
  const before = await setBaseSettings(stack, {
    service_link: SUPPORT_PATH,
    service_link_type: SERVICE_LINK_TYPE.CHAT,
  });
  try {
    await test();
  } finally {
    await restoreBaseSettings(stack, before);
  }
}
