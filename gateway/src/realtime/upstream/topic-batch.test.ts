import { afterEach, describe, expect, it } from 'vitest';
import { createTopicBatch, type TopicBatch } from './topic-batch.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

let batch: TopicBatch | undefined;
afterEach(() => batch?.close());

function recorder() {
  const sent: string[][] = [];
  batch = createTopicBatch((frames) => sent.push([...frames]));
  return { batch, sent };
}

describe('createTopicBatch', () => {
  it('sends every change of one turn as one batch', async () => {
    const { batch, sent } = recorder();
    batch.setLive(true);
    batch.want('A');
    batch.want('B');
    batch.want('A');
    expect(batch.pending).toBe(true);
    await turn();
    expect(sent).toEqual([['{"type":"sub","param":"A"}', '{"type":"sub","param":"B"}']]);
    expect([...batch.held]).toEqual(['A', 'B']);
    expect(batch.pending).toBe(false);
  });

  it('sends nothing for a sub undone within the same turn, nor an unsub redone', async () => {
    const { batch, sent } = recorder();
    batch.setLive(true);
    batch.want('A');
    await turn();
    batch.want('B');
    batch.drop('B');
    batch.drop('A');
    batch.want('A');
    await turn();
    expect(sent).toEqual([['{"type":"sub","param":"A"}']]);
  });

  it('holds changes while not live and resubscribes everything at once when live again', async () => {
    const { batch, sent } = recorder();
    batch.want('A');
    await turn();
    expect(sent).toEqual([]);
    batch.setLive(true);
    batch.want('B');
    await turn();
    batch.setLive(false);
    expect(batch.held.size).toBe(0);
    batch.drop('A');
    batch.want('C');
    batch.setLive(true);
    expect(sent).toEqual([
      ['{"type":"sub","param":"A"}'],
      ['{"type":"sub","param":"B"}'],
      ['{"type":"sub","param":"B"}', '{"type":"sub","param":"C"}'],
    ]);
  });

  it('unsubscribes what is no longer wanted', async () => {
    const { batch, sent } = recorder();
    batch.setLive(true);
    batch.want('A');
    await turn();
    batch.drop('A');
    await turn();
    expect(sent[1]).toEqual(['{"type":"unsub","param":"A"}']);
    expect(batch.held.size).toBe(0);
  });
});
