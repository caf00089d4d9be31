import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP_UI_FEATURES,
  describeUncaught,
  disableFeaturesSwitch,
  featuresOf,
  launchBrowser,
} from './test-support/browser.js';

describe('the --disable-features switch', () => {
  it('names each feature once and reads back as it was written', () => {
    const written = disableFeaturesSwitch(['A', 'B'], ['B', 'C']);
    expect(written).toBe('--disable-features=A,B,C');
    expect(featuresOf(written)).toEqual(['A', 'B', 'C']);
    expect(featuresOf('--enable-features=A')).toEqual([]);
  });
});

// The browser every browser test and the client benchmark start (test-support/browser.ts).
describe('the launched Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps off every feature its launcher turns off, and the desktop UI preloads', async () => {
    const cdp = await browser.newBrowserCDPSession();
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    const browserProcess = processInfo.find((process) => process.type === 'browser');
    expect(browserProcess).toBeDefined();
    // CDP gives the command line only with --enable-automation, which Playwright leaves out:
    // read it where Linux keeps it.
    const commandLine = readFileSync(`/proc/${browserProcess?.id}/cmdline`, 'utf8').split('\0');
    const switches = commandLine.filter((argument) => featuresOf(argument).length > 0);
    // Chromium applies the last switch alone: it must carry what the earlier ones say.
    const applied = featuresOf(switches.at(-1) ?? '');
    for (const earlier of switches.slice(0, -1)) {
      expect(applied).toEqual(expect.arrayContaining(featuresOf(earlier)));
    }
    expect(applied).toEqual(expect.arrayContaining([...DESKTOP_UI_FEATURES]));
  });

  it('opens a phone page with no browser UI loading beside it', async () => {
    const context = await browser.newContext();
    try {
      await context.newPage();
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = (await cdp.send('Target.getTargets')) as {
        targetInfos: { type: string; url: string }[];
      };
      expect(targetInfos.filter((target) => target.url.startsWith('chrome://'))).toEqual([]);
      expect(targetInfos.map((target) => target.type)).toEqual(['page']);
    } finally {
      await context.close();
    }
  });

  it('reports a rejection that reached the page with no frame of script by its message', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const uncaught: string[] = [];
      page.on('pageerror', (error) => uncaught.push(describeUncaught(error)));
      // A chunk that cannot load, its import left unhandled: the error has no stack.
      await page.setContent('<script type="module">import("http://127.0.0.1:9/chunk.js")</script>');
      await expect.poll(() => uncaught).toHaveLength(1);
      expect(uncaught[0]).toMatch(/TypeError: .*dynamically imported module/);
    } finally {
      await context.close();
    }
  });
});
