import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE } from '../envelope.js';
import { connectedClient, FakeSocket, logins } from '../test-support/fake-socket.js';

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
});

afterEach(() => {
  vi.useRealTimers();
});

/**
 * How a gateway answers logins overtaken by a later `login` or `logout` before their answer:
 * `every` answers each, in order, an overtaken one with LOGIN_REPLACED (this project's
 * gateway); `latest` drops them and answers only the login still standing (as it did before).
 */
type Answering = 'every' | 'latest';

/** Plays the gateway: answers every login the client sent, until it sends no new frame. */
function answerLogins(socket: FakeSocket, answering: Answering) {
  let read = 0;
  while (read < socket.frames.length) {
    const batch = socket.frames.slice(read);
    read = socket.frames.length;
    let overtaken = 0;
    let standing = false;
    for (const frame of batch) {
      const login = frame.startsWith('login ');
      if (!login && frame !== 'logout') continue;
      if (standing) overtaken++;
      standing = login;
    }
    if (answering === 'every') {
      for (let i = 0; i < overtaken; i++) socket.answerLogin(CODE.LOGIN_REPLACED);
    }
    if (standing) socket.answerLogin(CODE.OK);
  }
}

describe('socket client: a login made before the previous one was answered', () => {
  for (const answering of ['every', 'latest'] as const) {
    it(`ends logged in with the latest token, its private topics subscribed (${answering})`, () => {
      const { client, socket, codes } = connectedClient('tok-1');
      client.subscribe('FOREX_TRADE');
      client.login('tok-2');
      answerLogins(socket, answering);

      expect(client.loggedIn).toBe(true);
      expect(logins(socket).at(-1)).toBe('login tok-2');
      expect(socket.frames.filter((f) => f.startsWith('sub'))).toEqual(['sub FOREX_TRADE']);
      expect(socket.frames.at(-1)).toBe('sub FOREX_TRADE');
      // Only the latest login's answer is reported.
      expect(codes).toEqual([CODE.OK]);
    });

    it(`ends logged in after a logout and a login overtook the first (${answering})`, () => {
      const { client, socket, codes } = connectedClient('tok-1');
      client.subscribe('FOREX_CLOSED');
      client.logout();
      client.login('tok-2');
      answerLogins(socket, answering);

      expect(client.loggedIn).toBe(true);
      expect(logins(socket).at(-1)).toBe('login tok-2');
      expect(socket.frames.at(-1)).toBe('sub FOREX_CLOSED');
      expect(codes).toEqual([CODE.OK]);
    });
  }

  it('keeps one login in flight, and sends only the latest token after its answer', () => {
    const { client, socket, codes } = connectedClient('tok-1');
    client.login('tok-2');
    client.login('tok-3');
    client.login('tok-3');
    expect(logins(socket)).toEqual(['login tok-1']);

    // tok-1's answer, whatever it says, is not tok-3's.
    socket.answerLogin(CODE.OK);
    expect(client.loggedIn).toBe(false);
    expect(codes).toEqual([]);
    expect(logins(socket)).toEqual(['login tok-1', 'login tok-3']);

    socket.answerLogin(CODE.FAILED);
    expect(client.loggedIn).toBe(false);
    expect(codes).toEqual([CODE.FAILED]);
    vi.advanceTimersByTime(600_000);
    expect(logins(socket)).toHaveLength(2);
  });

  it('logs out once the answer to the login in flight is back, if it accepted it', () => {
    const { client, socket, codes } = connectedClient('tok-1');
    client.subscribe('FOREX_TRADE');
    client.logout();
    expect(socket.frames).toEqual(['login tok-1']);
    socket.answerLogin(CODE.OK);
    expect(socket.frames).toEqual(['login tok-1', 'logout']);
    expect(client.loggedIn).toBe(false);
    expect(codes).toEqual([]);

    const refused = connectedClient('tok-2');
    refused.client.logout();
    refused.socket.answerLogin(CODE.FAILED);
    expect(refused.socket.frames).toEqual(['login tok-2']);
  });
});
