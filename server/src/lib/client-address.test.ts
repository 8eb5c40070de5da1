import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

describe('clientAddress', () => {
  it('keeps an IPv4 address and unwraps an IPv4-mapped one', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('collapses IPv6 addresses of one /64 to one client, however they are written', () => {
    const one = clientAddress('2001:db8:aa:1::1');
    expect(one).toBe('2001:db8:aa:1::/64');
    for (const ip of ['2001:0db8:00aa:0001:ffff:1:2:3', '2001:DB8:AA:1:0:0:0:9', '[2001:db8:aa:1::abcd]', '2001:db8:aa:1::1%eth0'])
      expect(clientAddress(ip)).toBe(one);
    expect(clientAddress('2001:db8:aa:2::1')).not.toBe(one);
    expect(clientAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
  });
});
