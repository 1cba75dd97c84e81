import type { RouteExpectation } from '../types';
import { everyone, onlyRoles, signedIn } from '../types';

const expectations: RouteExpectation[] = [
  { route: 'GET /api/health', expect: everyone(200) },
  { route: 'GET /api/me', expect: signedIn(200) },
  {
    route: 'GET /api/auth/*',
    request: () => ({ path: '/api/auth/get-session' }),
    expect: everyone(200),
  },
  {
    // A wrong password is refused the same way for everyone.
    route: 'POST /api/auth/*',
    request: (actor) => ({
      path: '/api/auth/sign-in/email',
      body: { email: actor?.email ?? 'nobody@example.test', password: 'not-the-password' },
    }),
    expect: everyone(401),
  },
  {
    route: 'POST /api/account/sign-out',
    request: () => ({ path: '/api/account/sign-out', body: {} }),
    expect: signedIn(200),
    freshUser: true,
  },
  {
    route: 'PATCH /api/account/profile',
    request: (actor) => ({ path: '/api/account/profile', body: { username: actor?.username ?? 'nobody_here' } }),
    expect: signedIn(200),
  },
  {
    // The body is not an image: anyone signed in is told so; nobody else gets that far.
    route: 'PUT /api/account/avatar',
    request: () => ({ path: '/api/account/avatar', body: {} }),
    expect: signedIn(415),
  },
  { route: 'DELETE /api/account/avatar', expect: signedIn(200) },
  // Local only: exists with ENVIRONMENT=local (the tests' environment) for everyone; 404 in production.
  { route: 'GET /api/dev/outbox', expect: everyone(200) },
  { route: 'GET /api/dev/clock', expect: everyone(200) },
  {
    route: 'PUT /api/dev/clock',
    request: () => ({ path: '/api/dev/clock', body: { offsetMs: 0 } }),
    expect: onlyRoles(200, ['admin']),
  },
  {
    // Gives test USDC (and gas) on the local chain to anyone who asks; 404 in production. The body here is
    // refused by its schema, so the row does not wait for the chain (tests/workers/coins-faucet.test.ts gives).
    route: 'POST /api/dev/usdc-faucet',
    request: () => ({ path: '/api/dev/usdc-faucet', body: { address: 'not-an-address' } }),
    expect: everyone(400),
  },
];
export default expectations;
