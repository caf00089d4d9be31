/**
 * Where the load goes: the deployment's REST origin, its socket, the Origin a browser of the
 * site sends, and the reference socket's address — and whether all of it stays on this
 * machine, which is what lets a run start without `--yes`.
 */
import { isIP } from 'node:net';
import { SOCKET_PATH } from '@pipstream/protocol';

export interface Target {
  /** The REST origin, `https://staging.example.com`: routes are paths below it. */
  readonly restUrl: string;
  /** The browsers' socket, with the `lang` query the web app adds. */
  readonly socketUrl: string;
  /** The `Origin` a page of the site sends with its socket handshake. */
  readonly origin: string;
  /** The reference socket's address: the upstream itself when given, else the target's. */
  readonly referenceUrl: string;
  /** Whether the reference is the upstream (`--reference`) rather than a lone gateway socket. */
  readonly referenceIsUpstream: boolean;
}

export interface TargetInput {
  readonly target: string;
  readonly socketUrl?: string | undefined;
  readonly reference?: string | undefined;
  readonly origin?: string | undefined;
  readonly lang: string;
}

/** A bad address: the message names the flag and says what would do. */
export class TargetError extends Error {}

function parsed(flag: string, text: string, schemes: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TargetError(`${flag}: not a URL: ${JSON.stringify(text)}`);
  }
  const scheme = url.protocol.replace(/:$/, '');
  if (!schemes.includes(scheme)) {
    throw new TargetError(`${flag}: expected ${schemes.join(' or ')}, got ${url.protocol}//…`);
  }
  if (url.username || url.password) {
    throw new TargetError(`${flag}: credentials in the URL are not sent; leave them out`);
  }
  return url;
}

/** `http(s)://…` → `ws(s)://…` on the same host, at the socket path when the URL has none. */
function socketAddress(url: URL): URL {
  const socket = new URL(url.href);
  if (socket.protocol === 'http:') socket.protocol = 'ws:';
  if (socket.protocol === 'https:') socket.protocol = 'wss:';
  if (socket.pathname === '/' || socket.pathname === '') socket.pathname = SOCKET_PATH;
  return socket;
}

export function resolveTarget(input: TargetInput): Target {
  const rest = parsed('target', input.target, ['http', 'https']);
  if (rest.pathname !== '/' || rest.search) {
    throw new TargetError(
      `target: give the deployment's origin (${rest.origin}); the REST routes are paths below it`,
    );
  }
  const socket = socketAddress(
    input.socketUrl === undefined ? rest : parsed('--socket-url', input.socketUrl, ['ws', 'wss']),
  );
  socket.searchParams.set('lang', input.lang);
  const origin =
    input.origin === undefined ? rest.origin : parsed('--origin', input.origin, ['http', 'https']);
  const reference =
    input.reference === undefined
      ? undefined
      : socketAddress(parsed('--reference', input.reference, ['http', 'https', 'ws', 'wss']));
  return {
    restUrl: rest.origin,
    socketUrl: socket.href,
    origin: typeof origin === 'string' ? origin : origin.origin,
    referenceUrl: (reference ?? socket).href,
    referenceIsUpstream: reference !== undefined,
  };
}

/**
 * Whether `hostname` (as `URL.hostname` gives it) is this machine: `localhost`, 127.0.0.0/8
 * or ::1. Names are not resolved: a name that points here today may point elsewhere tomorrow.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || /^::ffff:127\./.test(host);
  return false;
}

/** The hosts of `target` that are not this machine, each once. */
export function foreignHosts(target: Target): string[] {
  const hosts = [target.restUrl, target.socketUrl, target.referenceUrl].map(
    (url) => new URL(url).hostname,
  );
  return [...new Set(hosts.filter((host) => !isLoopbackHost(host)))];
}
