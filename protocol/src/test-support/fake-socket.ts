import { createSocketClient, type WebSocketLike } from '../client/socket-client.js';

/** An in-memory socket: the test opens it, answers for the server and reads what was sent. */
export class FakeSocket implements WebSocketLike {
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

  /** The server answers a login with `code`. */
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

/** The `login <token>` frames a socket sent. */
export const logins = (socket: FakeSocket | undefined) =>
  (socket?.frames ?? []).filter((f) => f.startsWith('login'));

/**
 * A client logged in with `token` on an open fake socket, `random` pinned at 0; `codes` are the
 * `login_result` codes it reported. Run with fake timers: only the login retry is on the clock
 * (the fake server sends no keep-alive, so no silence limit either).
 */
export function connectedClient(token = 'tok-1') {
  const client = createSocketClient({
    url: 'ws://gateway.test/v1/ws',
    WebSocketImpl: FakeSocket,
    token,
    heartbeatMs: 3_600_000,
    silenceMs: 0,
    backoff: { baseMs: 100, maxMs: 100 },
    loginRetry: { baseMs: 10_000, maxMs: 60_000 },
    random: () => 0,
  });
  const codes: number[] = [];
  client.on('login', (frame) => codes.push(frame.code));
  client.connect();
  const socket = FakeSocket.made.at(-1) as FakeSocket;
  socket.open();
  return { client, socket, codes };
}
