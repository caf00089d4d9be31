import { describe, expect, it } from 'vitest';
import { clearChangeSet, createChangeSet } from './changes.js';

describe('the change set', () => {
  it('starts empty and is emptied in place', () => {
    const changes = createChangeSet();
    const empty = structuredClone(changes);
    changes.quotes.add(1);
    changes.holdings.add(2);
    changes.account = changes.estimate = changes.connection = changes.candle = true;
    changes.risk = changes.resync = true;
    changes.closed.push(3);
    const quotes = changes.quotes;
    clearChangeSet(changes);
    expect(changes).toEqual(empty);
    expect(changes.quotes).toBe(quotes);
  });
});
