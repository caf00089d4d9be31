import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../server.js';
import { testConfig } from '../test-support/config.js';
import { standInHub } from '../test-support/stand-in-hub.js';
import { cacheControlFor, IMMUTABLE, REVALIDATE } from './cache-policy.js';

const INDEX_HTML = `<!doctype html><html><head><title>Pipstream</title>
<script type="module" src="/assets/index-AbCd12_9.js"></script></head>
<body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const ASSET_JS = `export const big = ${JSON.stringify('x'.repeat(20_000))};`;
/** The build's brotli siblings, as web/scripts/precompress.ts writes them. */
const ASSET_JS_BR = brotliCompressSync(ASSET_JS);
const INDEX_HTML_BR = brotliCompressSync(INDEX_HTML);

let buildDir: string;
const apps: Gateway[] = [];

beforeAll(() => {
  buildDir = mkdtempSync(join(tmpdir(), 'pipstream-web-'));
  mkdirSync(join(buildDir, 'assets'));
  writeFileSync(join(buildDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(buildDir, 'assets', 'index-AbCd12_9.js'), ASSET_JS);
  writeFileSync(join(buildDir, 'manifest.json'), '{"name":"Pipstream"}');
  writeFileSync(join(buildDir, 'assets', 'index-AbCd12_9.js.br'), ASSET_JS_BR);
  writeFileSync(join(buildDir, 'index.html.br'), INDEX_HTML_BR);
});
afterAll(() => rmSync(buildDir, { recursive: true, force: true }));
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

function gateway(webDir: string): Gateway {
  // Nothing here reaches the upstream: web paths never leave the gateway.
  const app = buildGateway(testConfig('http://127.0.0.1:9', { WEB_DIR: webDir }), {
    hub: standInHub().hub,
  });
  apps.push(app);
  return app;
}

describe('web build', () => {
  it('serves index.html at / with a CSP that allows no inline script, and no-cache', async () => {
    const res = await gateway(buildDir).inject('/');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX_HTML);
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    // Connections and frames outside this host: the configured upstream, and the support
    // chat's host once the base settings are read (this upstream never answers) — no wildcard.
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:9 ws://127.0.0.1:9;");
    expect(csp).toMatch(/frame-src 'self' ?;/);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves hashed assets as immutable and unhashed files as revalidated', async () => {
    const app = gateway(buildDir);
    const asset = await app.inject('/assets/index-AbCd12_9.js');
    const manifest = await app.inject('/manifest.json');

    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('compresses when the browser accepts gzip', async () => {
    const app = gateway(buildDir);
    const res = await app.inject({
      url: '/assets/index-AbCd12_9.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    const plain = await app.inject('/assets/index-AbCd12_9.js');

    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.byteLength).toBeLessThan(ASSET_JS.length / 10);
    expect(gunzipSync(res.rawPayload).toString()).toBe(ASSET_JS);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('sends the build’s brotli sibling of a file as it is, with the file’s own headers', async () => {
    const app = gateway(buildDir);
    const asset = await app.inject({
      url: '/assets/index-AbCd12_9.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });

    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    expect(asset.headers.vary).toMatch(/accept-encoding/i);
    expect(Buffer.compare(asset.rawPayload, ASSET_JS_BR)).toBe(0);
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(ASSET_JS);

    for (const url of ['/', '/trade/EURUSD']) {
      const page = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe(REVALIDATE);
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
  });

  it('answers a page path with index.html, and a missing file or API path with 404', async () => {
    const app = gateway(buildDir);

    const page = await app.inject('/trade/EURUSD');
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX_HTML);
    expect(page.headers['cache-control']).toBe('no-cache');

    for (const path of ['/assets/gone-12345678.js', '/favicon.ico', '/v1/nothing', '/__control']) {
      const res = await app.inject(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).not.toContain('<!doctype html>');
    }
    expect((await app.inject({ method: 'POST', url: '/trade' })).statusCode).toBe(404);
  });

  it('says at / how to build the web app when the build is missing', async () => {
    const missing = join(buildDir, 'not-built');
    const res = await gateway(missing).inject('/');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('web build is not present');
    expect(res.body).toContain(missing);
    expect(res.body).toContain('npm run build');
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['assets/index-BkX9q2Lm.js', IMMUTABLE],
    ['assets/img/logo-3f9a0c1d.png', IMMUTABLE],
    ['assets/legacy.3f9a0c1d.css', IMMUTABLE],
    ['index.html', REVALIDATE],
    ['apple-touch-icon.png', REVALIDATE],
    ['assets/some-long-name.svg', REVALIDATE],
    ['manifest.json', REVALIDATE],
    ['assets/index-BkX9q2Lm.js.br', IMMUTABLE],
    ['assets/index-BkX9q2Lm.css.gz', IMMUTABLE],
    ['index.html.br', REVALIDATE],
  ])('%s → %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});
