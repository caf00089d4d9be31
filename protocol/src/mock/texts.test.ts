import { describe, expect, it } from 'vitest';
import { findText, interpolate } from './texts.js';

const russian = {
  wait_one: '{{count}} секунду',
  wait_few: '{{count}} секунды',
  wait_many: '{{count}} секунд',
  nested: { deep: { text: 'глубоко' }, empty: '' },
};

describe('findText', () => {
  it('reads nested keys and treats an empty text as missing', () => {
    expect(findText(russian, 'ru', 'nested.deep.text')).toBe('глубоко');
    expect(findText(russian, 'ru', 'nested.empty')).toBeUndefined();
    expect(findText(russian, 'ru', 'nested.deep')).toBeUndefined();
    expect(findText(russian, 'ru', 'nested.deep.text.more')).toBeUndefined();
    expect(findText(undefined, 'ru', 'nested.deep.text')).toBeUndefined();
  });

  it('picks the plural form by the language’s cardinal rules when count is a number', () => {
    expect([1, 3, 5, 21].map((count) => findText(russian, 'ru', 'wait', { count }))).toEqual([
      russian.wait_one,
      russian.wait_few,
      russian.wait_many,
      russian.wait_one,
    ]);
  });

  it('falls back to key_other, then to the key itself', () => {
    const english = { apples_other: '{{count}} apples', plain: 'plain' };
    // English "one" form is missing here: _other answers.
    expect(findText(english, 'en', 'apples', { count: 1 })).toBe('{{count}} apples');
    expect(findText(english, 'en', 'plain', { count: 1 })).toBe('plain');
    // A count given as text picks no plural form.
    expect(findText(russian, 'ru', 'wait', { count: '3' })).toBeUndefined();
  });
});

describe('interpolate', () => {
  it('fills known placeholders, with or without spaces, and leaves unknown ones', () => {
    expect(interpolate('{{a}} and {{ b }} but {{c}}', { a: 1, b: 'two' })).toBe(
      '1 and two but {{c}}',
    );
    expect(interpolate('no placeholders', { a: 1 })).toBe('no placeholders');
    expect(interpolate('{{a}}')).toBe('{{a}}');
  });
});
