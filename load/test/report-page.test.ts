/**
 * The HTML report of a real run, opened in Chromium from the disk as a CI artifact would be:
 * it draws every plot — each series in its colour on its canvas — with no network.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser } from '../../tests/browser/test-support/browser.js';
import { buildTool, runTool, startGateway, useCleanup } from './test-support/stack.js';

const cleanup = useCleanup();
let browser: Browser | undefined;
beforeAll(buildTool, 120_000);
afterAll(async () => {
  await browser?.close();
  await cleanup.clean();
});

/** The first series' colours of each plot (assets/report.js's palette, in series order). */
const SERIES = {
  throughput: ['#1f77b4', '#d62728'],
  open: ['#2ca02c'],
  latency: ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e'],
  'socket-curves': ['#1f77b4', '#d62728'],
  'rest-curves': ['#1f77b4', '#d62728', '#2ca02c'],
} as const;

it('opens in Chromium and draws its plots', async () => {
  const gateway = await startGateway(cleanup);
  const dir = await cleanup.folder('pipstream-load-page-');
  const page = join(dir, 'report.html');
  const run = await runTool(cleanup, [
    gateway.url,
    ...['--sockets', '60', '--duration', '6s', '--html', page, '--quiet'],
  ]);
  expect(run.code, run.stderr).toBe(0);

  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  // The page stands alone: any request it made would fail this test.
  const requests: string[] = [];
  context.on('request', (request) => {
    if (!request.url().startsWith('file:')) requests.push(request.url());
  });
  const tab = await context.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  await tab.goto(pathToFileURL(page).href);
  await tab.locator('body[data-plots="5"]').waitFor({ state: 'attached' });

  for (const [id, colours] of Object.entries(SERIES)) {
    const painted = await tab.evaluate(
      ({ id, colours }) => {
        const canvas = document.querySelector<HTMLCanvasElement>(`#${id} canvas`);
        const context = canvas?.getContext('2d');
        if (!canvas || !context) return null;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        const rgb = colours.map((hex) =>
          [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)),
        );
        const counts = rgb.map(() => 0);
        for (let i = 0; i < data.length; i += 4) {
          rgb.forEach(([r = 0, g = 0, b = 0], series) => {
            const near =
              Math.abs((data[i] ?? 0) - r) +
              Math.abs((data[i + 1] ?? 0) - g) +
              Math.abs((data[i + 2] ?? 0) - b);
            if (near < 24 && (data[i + 3] ?? 0) > 200) counts[series] = (counts[series] ?? 0) + 1;
          });
        }
        return counts;
      },
      { id, colours: [...colours] },
    );
    expect(painted, `${id}: a canvas with its series drawn`).not.toBeNull();
    for (const [series, pixels] of (painted ?? []).entries()) {
      expect(pixels, `${id}, series ${series + 1} (${colours[series]})`).toBeGreaterThan(20);
    }
  }
  await tab.getByRole('heading', { name: 'REST', exact: true }).waitFor();
  expect(await tab.locator('table').count()).toBeGreaterThanOrEqual(5);
  expect(errors).toEqual([]);
  expect(requests).toEqual([]);
});
