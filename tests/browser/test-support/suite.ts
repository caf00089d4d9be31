import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  type AppPage,
  describeProblems,
  launchBrowser,
  openApp,
  type PhoneOptions,
} from './browser.js';
import { type Relay, startRelay } from './relay.js';
import { type Stack, type StackOptions, startStack } from './stack.js';

/** What a browser test file works with; read its fields inside tests and hooks only. */
export interface BrowserSuite {
  /** The running stack of this file (mock upstream + gateway + web build). */
  readonly stack: Stack;
  /**
   * The relay every page of the file goes through, when the suite asked for one: a test cuts
   * the network with it (test-support/relay.ts). Forwarding again after each test.
   */
  readonly relay: Relay;
  /**
   * A fresh phone-sized context on the app (360×640, or `phone.viewport`), closed after the
   * running test. A test fails when any page it opened threw an uncaught error.
   */
  newApp(phone?: PhoneOptions): Promise<AppPage>;
}

export interface SuiteOptions extends StackOptions {
  /** Pages open through a relay in front of the gateway, which the tests can cut (`relay`). */
  readonly relay?: boolean;
}

/**
 * Registers the hooks of a browser test file: one stack and one Chromium for the file (started
 * together), a new context per `newApp()`, every context closed after its test, and the
 * browser and stack closed after the file.
 */
export function useBrowserSuite(options: SuiteOptions = {}): BrowserSuite {
  const { relay: throughRelay = false, ...stackOptions } = options;
  let stack: Stack | undefined;
  let relay: Relay | undefined;
  let browser: Browser | undefined;
  const open: AppPage[] = [];

  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([
      startStack(stackOptions),
      launchBrowser(),
    ]);
    if (started.status === 'fulfilled') stack = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    // afterAll still runs and closes whichever of the two did start.
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    if (throughRelay && stack) relay = await startRelay(stack.baseUrl);
  });

  afterEach(async (context) => {
    // A test that failed with the network cut leaves the next one a network.
    relay?.restore();
    const apps = open.splice(0);
    const failed = context.task.result?.state === 'fail';
    const report = apps
      .filter((app) => app.problems.uncaught.length + app.problems.consoleErrors.length > 0)
      .map((app) => describeProblems(app.problems))
      .join('\n');
    await Promise.all(apps.map((app) => app.context.close()));
    if (failed && report) {
      // The assertion already failed: what the page said helps to see why.
      process.stderr.write(`\n[${context.task.name}] the page reported:\n${report}\n`);
    }
    if (!failed && apps.some((app) => app.problems.uncaught.length > 0)) {
      throw new Error(`the page threw an uncaught error:\n${report}`);
    }
  });

  afterAll(async () => {
    // The browser first: closing the gateway would otherwise make its sockets reconnect.
    try {
      await browser?.close();
    } finally {
      try {
        await relay?.close();
      } finally {
        await stack?.close();
      }
    }
  });

  return {
    get stack() {
      if (!stack) throw new Error('the stack starts in beforeAll: use it inside tests and hooks');
      return stack;
    },
    get relay() {
      if (!relay) throw new Error('no relay: ask useBrowserSuite({ relay: true }) for one');
      return relay;
    },
    async newApp(phone) {
      if (!browser || !stack) throw new Error('the browser starts in beforeAll');
      const app = await openApp(browser, relay?.url ?? stack.baseUrl, phone);
      open.push(app);
      return app;
    },
  };
}
