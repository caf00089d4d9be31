import { describe, expect, it } from 'vitest';
import { pairedMarkdown, pairedSummary } from './paired.js';

describe('paired first quotes', () => {
  const pairs = [
    { round: 1, appMs: 1200, referenceMs: 1100 },
    { round: 2, appMs: 900, referenceMs: 1000 },
    { round: 3, appMs: 1500, referenceMs: 1300 },
  ];

  it('takes the median of the per-round differences, not the difference of the medians', () => {
    // Medians 1200 and 1100 differ by 100; the pairs differ by 100, −100 and 200: median 100.
    const skewed = [...pairs, { round: 4, appMs: 1000, referenceMs: 1400 }];
    expect(pairedSummary(skewed, 150)).toMatchObject({
      pairs: 4,
      appMs: 1100,
      referenceMs: 1200,
      differenceMs: 0,
      met: true,
    });
    expect(pairedSummary(pairs, 150)).toMatchObject({ differenceMs: 100, met: true });
  });

  it('says not met past the budget, and when nothing was measured', () => {
    expect(pairedSummary(pairs, 50).met).toBe(false);
    expect(pairedSummary([], 150)).toMatchObject({ differenceMs: null, met: false });
  });

  it('prints both medians, every pair and the verdict', () => {
    const text = pairedMarkdown(pairedSummary(pairs, 150), pairs, { rate: 4, reference: 'main' });
    expect(text).toContain('at 4× CPU');
    expect(text).toContain('| this build | 1200 |');
    expect(text).toContain('1200 / 1100, 900 / 1000, 1500 / 1300');
    expect(text).toContain('within 150 ms of the reference — **100 ms**, met');
  });
});
