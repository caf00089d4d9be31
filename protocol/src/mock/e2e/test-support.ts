/**
 * Builders for the mock's end-to-end tests: a running mock, the protocol's own REST client
 * pointed at it, raw sockets that record every frame, and the control API.
 */
import WebSocket from 'ws';
import { createRestClient } from '../../client/rest.js';
import { routes } from '../../routes/table.js';
import { KEEP_ALIVE, PONG } from '../../socket/frames.js';
import { createFrameLog, declareCoinDeposit } from '../../test-support/index.js';
import type { MockOptions } from '../config.js';
import { createMockUpstream, type MockUpstream } from '../server.js';

export type Api = ReturnType<typeof apiFor>;

/** A mock on a free port over an in-memory database, the simulator ticking fast. */
export function startMock(options: MockOptions = {}): Promise<MockUpstream> {
  return createMockUpstream({ port: 0, data: ':memory:', tickMs: 50, ...options });
}

/** The protocol's REST client against `mock`, logged in as whoever `token` holds. */
export function apiFor(mock: MockUpstream, lang = 'en') {
  let token: string | undefined;
  const client = createRestClient(routes, {
    baseUrl: mock.url,
    getToken: () => token,
    getLang: () => lang,
  });
  return {
    call: client.call,
    setToken(next: string | undefined) {
      token = next;
    },
    get token() {
      return token;
    },
  };
}

/** Opens a demo account and returns a client logged in to it. */
export async function demoUser(mock: MockUpstream) {
  const api = apiFor(mock);
  const session = await api.call('createAccountDemoForU', {});
  api.setToken(session.token);
  return { api, session };
}

/** Calls a control action; rejects unless it answers code 1. */
export async function control(mock: MockUpstream, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${mock.url}/__control${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; msg: string; data: unknown };
  if (answer.code !== 1) throw new Error(`control ${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** A raw socket that records every frame it receives. */
export interface Recorder {
  readonly socket: WebSocket;
  readonly frames: { type?: string; [key: string]: unknown }[];
  send(frame: unknown): void;
  /** Resolves with the first recorded frame (past or future) that `match` accepts. */
  next(
    match: (frame: Recorder['frames'][number]) => boolean,
    timeoutMs?: number,
  ): Promise<Recorder['frames'][number]>;
  close(): void;
}

export async function openSocket(mock: MockUpstream): Promise<Recorder> {
  const socket = new WebSocket(mock.wsUrl);
  const log = createFrameLog<Recorder['frames'][number]>();
  socket.on('message', (data) => {
    const text = data.toString();
    // The bare heartbeat and keep-alive texts are recorded under their own names.
    log.push(text === PONG || text === KEEP_ALIVE ? { type: text } : JSON.parse(text));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    frames: log.frames,
    send(frame) {
      socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    },
    next: log.next,
    close() {
      socket.terminate();
    },
  };
}

let registered = 0;

/**
 * Registers a real account by e-mail the way a browser does (code by e-mail, read back through
 * the control API), funds it with a confirmed deposit, and returns a client logged in to it.
 */
export async function fundedRealUser(mock: MockUpstream, amount = '10000') {
  registered += 1;
  const email = `trader${registered}.${Date.now()}@example.com`;
  const api = apiFor(mock);
  await api.call('sendEmail', { to: email, type: 1 });
  const { code } = (await control(mock, `/codes/last?address=${encodeURIComponent(email)}`)) as {
    code: string;
  };
  const session = await api.call('register', {
    type: 'email',
    account: email,
    password: 'secret123',
    re_password: 'secret123',
    sms_code: code,
  });
  api.setToken(session.token);
  const { deposit, proofUrl } = await declareCoinDeposit(api, amount);
  return { api, email, session, depositId: deposit.id, uploadUrl: proofUrl };
}
