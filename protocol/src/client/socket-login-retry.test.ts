import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE } from '../envelope.js';
import { connectedClient as connected, FakeSocket, logins } from '../test-support/fake-socket.js';

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
});

afterEach(() => {
  vi.useRealTimers();
});

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
