/**
 * One Lighthouse audit of a URL: a fresh Debian Chromium started by chrome-launcher (its own
 * temporary profile, the browser tests' flags) and killed by its PID afterwards.
 */
import { Launcher, launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, featuresOf } from '../../tests/browser/test-support/browser.js';
import type { LighthouseReport } from './scores.js';

/** `CHROME_PATH` as Lighthouse's own tools read it, else Debian's Chromium. */
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/**
 * The browser tests' flags, their one `--disable-features` switch carrying chrome-launcher's own
 * list (Chromium keeps only the last such switch, and chrome-launcher puts its own first).
 */
const CHROME_FLAGS = [
  '--headless=new',
  ...chromiumArgs(Launcher.defaultFlags().flatMap(featuresOf)),
];

/**
 * Runs seen here now and then end in NO_NAVSTART ("Please run Lighthouse again") on a loaded
 * machine; one more attempt, in a fresh browser, is what Lighthouse itself advises.
 */
const ATTEMPTS = 2;

/**
 * Audits `url` with Lighthouse's default settings — a mobile phone with simulated throttling —
 * for `categories`, and resolves the report. A run Lighthouse reports as failed is tried again
 * once.
 */
export async function audit(url: string, categories: readonly string[]): Promise<LighthouseReport> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, categories);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** A run that Lighthouse itself reports as failed (`lhr.runtimeError`). */
class LighthouseRunError extends Error {
  override name = 'LighthouseRunError';
}

async function auditOnce(url: string, categories: readonly string[]): Promise<LighthouseReport> {
  const chrome = await launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
    // The benchmark's own `finally` stops it; no process-wide SIGINT handler.
    handleSIGINT: false,
  });
  const exited = new Promise<void>((resolve) => {
    if (chrome.process.exitCode !== null || chrome.process.signalCode !== null) resolve();
    else chrome.process.once('exit', () => resolve());
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    if (result.lhr.runtimeError) {
      const { code, message } = result.lhr.runtimeError;
      throw new LighthouseRunError(`Lighthouse: ${code} ${message}`);
    }
    return result.lhr as unknown as LighthouseReport;
  } finally {
    chrome.kill();
    await exited;
  }
}
