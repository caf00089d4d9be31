import { describe, expect, it } from 'vitest';
import { createChangeSet } from './changes.js';
import { createRisk } from './risk.js';

/** A risk follower whose first, clear rate is already taken. */
function riskAt(rate: number | null) {
  const changes = createChangeSet();
  const risk = createRisk(changes);
  risk.follow(rate);
  changes.risk = false;
  return { changes, risk };
}

describe('risk warnings', () => {
  it('counts each downward crossing of a warning level once, with the level crossed', () => {
    const { changes, risk } = riskAt(160);
    risk.follow(145);
    expect(changes.risk).toBe(true);
    expect(risk.view).toMatchObject({ band: 1, crossings: 1, level: 150, riskRateText: '145.00%' });
    changes.risk = false;
    // Lower within the band: the rate follows, no new crossing.
    risk.follow(140);
    expect(risk.view).toMatchObject({ band: 1, crossings: 1, riskRateText: '140.00%' });
    changes.risk = false;
    risk.follow(140);
    expect(changes.risk).toBe(false);
    risk.follow(90);
    expect(risk.view).toMatchObject({ band: 2, crossings: 2, level: 100 });
  });

  it('marks nothing while clear of every level', () => {
    const { changes, risk } = riskAt(300);
    risk.follow(250);
    expect(changes.risk).toBe(false);
    expect(risk.view.band).toBe(0);
  });

  it('carries the stop-out level until a reset forgets it', () => {
    const { changes, risk } = riskAt(null);
    risk.setStopOutLevel(50);
    expect(changes.risk).toBe(true);
    expect(risk.view.stopOutLevel).toBe(50);
    changes.risk = false;
    risk.setStopOutLevel(50);
    expect(changes.risk).toBe(false);
    risk.reset();
    risk.follow(null);
    expect(changes.risk).toBe(true);
    expect(risk.view.stopOutLevel).toBeNull();
  });
});
