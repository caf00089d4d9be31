import { describe, expect, it } from 'vitest';
import { fontNote, listsAFont } from './fonts.js';

describe('listsAFont', () => {
  it('is true when fc-list names a family, false on empty output', () => {
    expect(listsAFont('Noto Sans CJK HK,Noto Sans CJK HK Regular\n')).toBe(true);
    expect(listsAFont('')).toBe(false);
    expect(listsAFont('\n  \n')).toBe(false);
  });
});

describe('fontNote', () => {
  it('tells how to make the audit like a phone when the font is missing', () => {
    expect(fontNote(false)).toContain('fonts-noto-cjk');
    expect(fontNote(true)).toContain('installed');
    expect(fontNote(null)).toContain('unknown');
  });
});
