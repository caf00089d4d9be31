import { describe, expect, it } from 'vitest';
import { networkOf } from './network.js';

describe('networkOf', () => {
  it('keeps an IPv4 address as it is, a mapped one too', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one, however it is written', () => {
    const one = networkOf('2001:db8:1:2::1');
    expect(one).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe(one);
    expect(networkOf('2001:db8:1:3::1')).not.toBe(one);
  });

  it('takes the configured prefix length', () => {
    expect(networkOf('2001:db8:1:2::1', 48)).toBe('2001:db8:1::/48');
    expect(networkOf('2001:db8:1:ffff::1', 48)).toBe('2001:db8:1::/48');
    expect(networkOf('2001:db8::1', 128)).toBe('2001:db8::1');
  });

  it('keeps what does not parse as its own key', () => {
    expect(networkOf('not:an:address')).toBe('not:an:address');
  });
});
