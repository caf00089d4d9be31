import { describe, expect, it } from 'vitest';
import type { ConnectionState } from './batch.js';
import { createLiveModel } from './model.js';

/** A model whose socket is open and live. */
function liveModel() {
  const model = createLiveModel();
  model.setSocketState('connecting');
  model.setSocketState('open');
  return model;
}

const stateOf = (model: ReturnType<typeof createLiveModel>): ConnectionState =>
  model.connection.state;

/** The path as docs/product.md#connection-state tells it: one rule, whichever signal came first. */
describe('the connection state', () => {
  it('is connecting until the first socket opens, and live once it has', () => {
    const model = createLiveModel();
    model.setSocketState('connecting');
    expect(stateOf(model)).toBe('connecting');
    model.setSocketState('open');
    expect(stateOf(model)).toBe('live');
  });

  it('says Offline once nothing answers, and Reconnecting… when the server closed the socket', () => {
    const model = liveModel();
    // The server closed it (a restart): it answered.
    model.setAnswered(true);
    model.setSocketState('reconnecting');
    expect(stateOf(model)).toBe('reconnecting');
    // The next attempt could not be opened: nothing answers.
    model.setAnswered(false);
    expect(stateOf(model)).toBe('offline');
    // A request answered meanwhile: the path is there, the socket is on its way.
    model.setAnswered(true);
    expect(stateOf(model)).toBe('reconnecting');
    model.setSocketState('open');
    expect(stateOf(model)).toBe('live');
  });

  it('says Offline when a silent socket is let go, whatever the browser says', () => {
    const model = liveModel();
    model.setBrowserOnline(true);
    model.setAnswered(false);
    model.setSocketState('reconnecting');
    expect(stateOf(model)).toBe('offline');
    expect(model.snapshot().connection?.state).toBe('offline');
  });

  it('stays live when a request gets no answer while the socket brings frames', () => {
    const model = liveModel();
    model.setAnswered(false);
    expect(stateOf(model)).toBe('live');
    // The next frame says the path answers: a later close by the server reads Reconnecting….
    model.heard();
    model.setSocketState('reconnecting');
    expect(stateOf(model)).toBe('reconnecting');
  });

  it('takes the browser’s offline word at once, until it says it is back', () => {
    const model = liveModel();
    model.setBrowserOnline(false);
    expect(stateOf(model)).toBe('offline');
    // Frames still coming over the old socket do not end the word.
    model.heard();
    expect(stateOf(model)).toBe('offline');
    model.setBrowserOnline(true);
    expect(stateOf(model)).toBe('live');
  });

  it('ends the browser’s offline word when a new socket opens, not when a request is answered', () => {
    // A browser that never says it is back (its online event never comes).
    const model = liveModel();
    model.setBrowserOnline(false);
    model.setAnswered(false);
    model.setSocketState('reconnecting');
    model.setSocketState('open');
    expect(stateOf(model)).toBe('live');

    // A request sent before the word, answered just after it: still Offline, never a flash of
    // Reconnecting… while the socket it dropped is replaced.
    const other = liveModel();
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
    const model = liveModel();
    model.setUpstream(false);
    expect(stateOf(model)).toBe('reconnecting');
    model.setUpstream(true);
    expect(stateOf(model)).toBe('live');
  });
});
