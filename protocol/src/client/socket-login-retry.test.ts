import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE } from '../envelope.js';
import { createSocketClient, type WebSocketLike } from './socket-client.js';

/** An in-memory socket: the test opens it, answers for the server and reads what was sent. */
class FakeSocket implements WebSocketLike {
  static made: FakeSocket[] = [];
  readyState = 0;
  readonly sent: string[] = [];
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  send(data: string) {
    this.sent.push(data);
  }

  close() {
    this.readyState = 3;
  }

  open() {
    this.readyState = 1;
    this.onopen?.({});
  }

  /** The server answers the last login with `code`. */
  answerLogin(code: number) {
    this.onmessage?.({ data: JSON.stringify({ type: 'login_result', code, msg: '' }) });
  }

  /** The server drops the connection. */
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006, reason: '' });
  }

  /** The frames sent but pings, `login` ones as `login <token>`. */
  get frames(): string[] {
    return this.sent
      .filter((text) => text !== 'ping')
      .map((text) => {
        const frame = JSON.parse(text) as { type: string; token?: string; param?: string };
        return [frame.type, frame.token ?? frame.param].filter(Boolean).join(' ');
      });
  }
}

const logins = (socket: FakeSocket | undefined) =>
  (socket?.frames ?? []).filter((f) => f.startsWith('login'));

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
});

afterEach(() => {
  vi.useRealTimers();
});

/** A client logged in with `token` on an open fake socket, `random` pinned at 0. */
function connected(token = 'tok-1') {
  const client = createSocketClient({
    url: 'ws://gateway.test/v1/ws',
    WebSocketImpl: FakeSocket,
    token,
    // Heartbeats out of the way: only the login retry runs on the clock here.
    heartbeatMs: 3_600_000,
    backoff: { baseMs: 100, maxMs: 100 },
    loginRetry: { baseMs: 10_000, maxMs: 60_000 },
    random: () => 0,
  });
  const codes: number[] = [];
  client.on('login', (frame) => codes.push(frame.code));
  client.connect();
  const socket = FakeSocket.made[0] as FakeSocket;
  socket.open();
  return { client, socket, codes };
}

describe('socket client: a login the gateway refused for its limits', () => {
  it('is sent again after growing waits (429 or SESSIONS_FULL) until one is accepted', () => {
    const { client, socket, codes } = connected();
    client.subscribe('FOREX_TRADE');
    expect(logins(socket)).toEqual(['login tok-1']);

    socket.answerLogin(CODE.RATE_LIMITED);
    vi.advanceTimersByTime(9_999);
    expect(logins(socket)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(logins(socket)).toHaveLength(2);

    socket.answerLogin(CODE.SESSIONS_FULL);
    vi.advanceTimersByTime(19_999);
    expect(logins(socket)).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(logins(socket)).toHaveLength(3);

    socket.answerLogin(CODE.OK);
    expect(client.loggedIn).toBe(true);
    expect(socket.frames.at(-1)).toBe('sub FOREX_TRADE');
    vi.advanceTimersByTime(600_000);
    expect(logins(socket)).toHaveLength(3);
    expect(codes).toEqual([CODE.RATE_LIMITED, CODE.SESSIONS_FULL, CODE.OK]);
  });

  it('waits at most a minute between tries, however long the refusals go on', () => {
    const { socket } = connected();
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      socket.answerLogin(CODE.SESSIONS_FULL);
      const before = logins(socket).length;
      let waited = 0;
      while (logins(socket).length === before && waited < 120_000) {
        vi.advanceTimersByTime(1000);
        waited += 1000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
  });

  it('is not retried when the token itself is refused', () => {
    const { socket } = connected();
    socket.answerLogin(CODE.SESSION_GONE);
    vi.advanceTimersByTime(600_000);
    expect(logins(socket)).toHaveLength(1);
  });

  it('stops on logout, and a new token starts again from the first wait', () => {
    const { client, socket } = connected();
    socket.answerLogin(CODE.RATE_LIMITED);
    vi.advanceTimersByTime(10_000);
    socket.answerLogin(CODE.RATE_LIMITED);
    client.logout();
    vi.advanceTimersByTime(600_000);
    expect(logins(socket)).toEqual(['login tok-1', 'login tok-1']);

    client.login('tok-2');
    socket.answerLogin(CODE.RATE_LIMITED);
    vi.advanceTimersByTime(10_000);
    expect(logins(socket)).toEqual(['login tok-1', 'login tok-1', 'login tok-2', 'login tok-2']);
  });

  it('is not sent sooner when the same token is logged in again meanwhile', () => {
    const { client, socket } = connected();
    socket.answerLogin(CODE.RATE_LIMITED);
    client.login('tok-1');
    vi.advanceTimersByTime(9_999);
    expect(logins(socket)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(logins(socket)).toHaveLength(2);
  });

  it('gives way to a reconnect, which logs in on opening', () => {
    const { socket } = connected();
    socket.answerLogin(CODE.RATE_LIMITED);
    socket.drop();
    vi.advanceTimersByTime(100);
    const next = FakeSocket.made[1] as FakeSocket;
    next.open();
    expect(logins(next)).toEqual(['login tok-1']);
    // The retry of the lost connection does not add a login on the new one.
    vi.advanceTimersByTime(15_000);
    expect(logins(next)).toHaveLength(1);
  });
});
