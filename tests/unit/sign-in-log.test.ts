import { describe, expect, it } from 'vitest';
import { coarseNetwork } from '../../functions/auth/sign-in-log';

/* Issue 45: sign-in attempts keep the address coarse (docs/admin-tools.md, "Sign-in activity"). */
describe('coarseNetwork', () => {
  it('keeps an IPv4 address to its /24 and an IPv6 one to its /48; anything else is unknown', () => {
    expect(coarseNetwork('203.0.113.77')).toBe('203.0.113.0/24');
    expect(coarseNetwork('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3::/48');
    expect(coarseNetwork('2001:0db8:0001:0002:0003:0004:0005:0006')).toBe('2001:db8:1::/48');
    expect(coarseNetwork('::1')).toBe('0:0:0::/48');
    expect(coarseNetwork(null)).toBeNull();
    expect(coarseNetwork('not an address')).toBeNull();
    expect(coarseNetwork('1:2:3:4:5:6:7:8:9')).toBeNull();
  });
});
