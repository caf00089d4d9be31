import { describe, expect, it } from 'vitest';
import type { ConnectionState } from './batch.js';
import { createChangeSet } from './changes.js';
import { createConnection } from './connection.js';

/** A connection that has not started. */
const newConnection = () =>
  createConnection({ changes: createChangeSet(), now: Date.now, onLiveness() {} });

/** A connection whose socket is open and live. */
function liveConnection() {
  const connection = newConnection();
  connection.setSocketState('connecting');
  connection.setSocketState('open');
  return connection;
}

const stateOf = (connection: ReturnType<typeof newConnection>): ConnectionState =>
  connection.view.state;

/** The path as docs/product.md#connection-state tells it: one rule, whichever signal came first. */
describe('the connection state', () => {
  it('is connecting until the first socket opens, and live once it has', () => {
    const connection = newConnection();
    connection.setSocketState('connecting');
    expect(stateOf(connection)).toBe('connecting');
    connection.setSocketState('open');
    expect(stateOf(connection)).toBe('live');
  });

  it('says Offline once nothing answers, and Reconnecting… when the server closed the socket', () => {
    const connection = liveConnection();
    // The server closed it (a restart): it answered.
    connection.setAnswered(true);
    connection.setSocketState('reconnecting');
    expect(stateOf(connection)).toBe('reconnecting');
    // The next attempt could not be opened: nothing answers.
    connection.setAnswered(false);
    expect(stateOf(connection)).toBe('offline');
    // A request answered meanwhile: the path is there, the socket is on its way.
    connection.setAnswered(true);
    expect(stateOf(connection)).toBe('reconnecting');
    connection.setSocketState('open');
    expect(stateOf(connection)).toBe('live');
  });

  it('says Offline when a silent socket is let go, whatever the browser says', () => {
    const connection = liveConnection();
    connection.setBrowserOnline(true);
    connection.setAnswered(false);
    connection.setSocketState('reconnecting');
    expect(stateOf(connection)).toBe('offline');
    expect(connection.view.state).toBe('offline');
  });

  it('stays live when a request gets no answer while the socket brings frames', () => {
    const connection = liveConnection();
    connection.setAnswered(false);
    expect(stateOf(connection)).toBe('live');
    // The next frame says the path answers: a later close by the server reads Reconnecting….
    connection.heard();
    connection.setSocketState('reconnecting');
    expect(stateOf(connection)).toBe('reconnecting');
  });

  it('takes the browser’s offline word at once, until it says it is back', () => {
    const connection = liveConnection();
    connection.setBrowserOnline(false);
    expect(stateOf(connection)).toBe('offline');
    // Frames still coming over the old socket do not end the word.
    connection.heard();
    expect(stateOf(connection)).toBe('offline');
    connection.setBrowserOnline(true);
    expect(stateOf(connection)).toBe('live');
  });

  it('ends the browser’s offline word when a new socket opens, not when a request is answered', () => {
    // A browser that never says it is back (its online event never comes).
    const connection = liveConnection();
    connection.setBrowserOnline(false);
    connection.setAnswered(false);
    connection.setSocketState('reconnecting');
    connection.setSocketState('open');
    expect(stateOf(connection)).toBe('live');

    // A request sent before the word, answered just after it: still Offline, never a flash of
    // Reconnecting… while the socket it dropped is replaced.
    const other = liveConnection();
    other.setBrowserOnline(false);
    other.setAnswered(false);
    other.setSocketState('reconnecting');
    other.setAnswered(true);
    expect(stateOf(other)).toBe('offline');
    other.setSocketState('connecting');
    expect(stateOf(other)).toBe('offline');
    other.setSocketState('open');
    expect(stateOf(other)).toBe('live');
  });

  it('is not live while the gateway says its upstream is down', () => {
    const connection = liveConnection();
    connection.setUpstream(false);
    expect(stateOf(connection)).toBe('reconnecting');
    connection.setUpstream(true);
    expect(stateOf(connection)).toBe('live');
  });
});
