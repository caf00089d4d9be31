import { describe, expect, it } from 'vitest';
import { labelsInside } from './axis-labels.js';

describe('labelsInside', () => {
  it('leaves out a label its edge would cut or touch, on either side', () => {
    const labels = [
      { text: '09:00', x: 10, width: 30 },
      { text: '09:30', x: 16, width: 30 },
      { text: '10:00', x: 17, width: 30 },
      { text: '11:00', x: 180, width: 30 },
      { text: '12:00', x: 343, width: 30 },
      { text: '13:00', x: 344, width: 30 },
    ];
    expect(labelsInside(labels, 360)).toEqual([null, null, '10:00', '11:00', '12:00', null]);
  });
});
