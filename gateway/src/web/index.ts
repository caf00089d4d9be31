import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { cacheControlFor, REVALIDATE } from './cache-policy.js';
import type { FirstScreen } from './first-screen/index.js';
import { helmetOptions } from './security.js';
import type { SiteOrigins } from './site-origins.js';

export interface WebOptions {
  /** Folder of the web build (`index.html` and `assets/`). */
  readonly webDir: string;
  /** The outside origins the Content-Security-Policy allows. */
  readonly origins: SiteOrigins;
  /** Paints the quotes into the page (`/`, `/trade`); without it every page is the build's. */
  readonly firstScreen?: FirstScreen;
}

/** Whether `webDir` holds a web build. */
export function hasWebBuild(webDir: string): boolean {
  return existsSync(join(webDir, 'index.html'));
}

/**
 * Paths that belong to the API, the socket or operations: an unknown one is a 404, never the
 * app's `index.html`.
 */
const NOT_APP = /^\/(api|v1|uploads|__control|healthz|readyz|metrics)(\/|$)/;

/**
 * The web app: the build's files with security headers (CSP without inline script), an
 * immutable cache for hashed assets and a revalidated `index.html`, and `index.html` for any
 * other GET of a page path, so a deep link opens the app. Without a build, `/` says how to make
 * one. A file's precompressed sibling is sent when the browser accepts it; other answers are
 * compressed by the server-wide @fastify/compress.
 */
export const webRoutes: FastifyPluginAsync<WebOptions> = async (
  app,
  { webDir, origins, firstScreen },
) => {
  await app.register(helmet, helmetOptions(origins));

  if (!hasWebBuild(webDir)) {
    app.get('/', (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', REVALIDATE)
        .send(
          `Pipstream: the web build is not present in ${webDir}.\n` +
            'Build it with `npm run build` at the repository root, then restart.\n' +
            'The API (/api, /v1/api) and the socket (/v1/ws) work without it.\n',
        ),
    );
    return;
  }

  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    dotfiles: 'ignore',
    // The build writes `.br` and `.gz` siblings at the highest levels: a phone gets the smaller
    // file without the gateway compressing it (the on-the-fly brotli is a fast, larger one).
    preCompressed: true,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(relative(webDir, path)));
    },
  });

  /** An app page: with its first screen painted when there is one, else the build's page. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const painted = firstScreen && (await paintedPage(firstScreen, request));
    if (!painted) return reply.sendFile('index.html');
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', FIRST_SCREEN_CACHE)
      .header('vary', 'Cookie')
      .header('etag', painted.etag);
    if (request.headers['if-none-match'] === painted.etag) return reply.code(304).send();
    return reply.send(painted.html);
  };

  app.get('/', sendPage);
  app.setNotFoundHandler((request, reply) => {
    if (isAppPage(request)) return sendPage(request, reply);
    return notFound(reply);
  });
};

/**
 * A painted page's `Cache-Control`: stored, but asked again on every use (its ETag changes
 * with every tick and trade list, so an unchanged one costs a 304): prices are never shown
 * from a cache as fresh.
 */
const FIRST_SCREEN_CACHE = 'no-cache';

function paintedPage(firstScreen: FirstScreen, request: FastifyRequest) {
  const at = request.url.indexOf('?');
  const path = at === -1 ? request.url : request.url.slice(0, at);
  const query = new URLSearchParams(at === -1 ? '' : request.url.slice(at + 1));
  return firstScreen.page({ path, query, cookie: request.headers.cookie });
}

/** A GET of a path that could be one of the app's pages: not an API path, not a file name. */
function isAppPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const at = request.url.indexOf('?');
  const path = at === -1 ? request.url : request.url.slice(0, at);
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !NOT_APP.test(path) && !last.includes('.');
}

function notFound(reply: FastifyReply) {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
}
