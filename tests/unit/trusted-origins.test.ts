import { describe, expect, it } from 'vitest';
import { trustedOrigins } from '../../functions/auth/trusted-origins';

describe('trusted origins', () => {
  it('locally, trusts localhost and 127.0.0.1 on the same port', () => {
    expect(trustedOrigins({ PUBLIC_URL: 'http://localhost:4321', isLocal: true })).toEqual([
      'http://localhost:4321',
      'http://127.0.0.1:4321',
    ]);
    expect(trustedOrigins({ PUBLIC_URL: 'http://127.0.0.1:8080/', isLocal: true })).toEqual([
      'http://127.0.0.1:8080',
      'http://localhost:8080',
    ]);
  });

  it('in production, and for any other host, trusts the public URL alone', () => {
    expect(trustedOrigins({ PUBLIC_URL: 'https://reelfund.example.com', isLocal: false })).toEqual([
      'https://reelfund.example.com',
    ]);
    expect(trustedOrigins({ PUBLIC_URL: 'http://localhost:4321', isLocal: false })).toEqual(['http://localhost:4321']);
    expect(trustedOrigins({ PUBLIC_URL: 'http://dev.box:4321', isLocal: true })).toEqual(['http://dev.box:4321']);
  });
});
