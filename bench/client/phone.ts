/**
 * Debian's Chromium as a low-end phone: the tests' launch flags, a 360×740 touch screen at
 * twice the pixel density, and the CPU slowed through CDP.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/browser/test-support/browser.js';
import { PROBE_SCRIPT, throttle } from './probe.js';

/** Debian's Chromium unless `CHROMIUM_PATH` names another build (as the browser tests). */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
} as const;

/** Headless Chromium; Playwright gives it a fresh temporary profile and removes it on close. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
    timeout: 30_000,
  });
}

/** One phone: a fresh context (cold cache), its page with the probe, and a CDP session on it. */
export interface Phone {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly cdp: CDPSession;
}

/**
 * Opens a phone context with the probe and `initScript` installed and the CPU slowed
 * `cpuSlowdown` times before anything loads.
 */
export async function openPhone(
  browser: Browser,
  initScript: string,
  cpuSlowdown: number,
): Promise<Phone> {
  const context = await browser.newContext(PHONE);
  await context.addInitScript({ content: `${initScript}\n${PROBE_SCRIPT}` });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await throttle(cdp, cpuSlowdown);
  return { context, page, cdp };
}
