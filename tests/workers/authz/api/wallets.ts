import type { RouteExpectation } from '../types';
import { everyone, signedIn } from '../types';

/**
 * Wallets: the chain list is public; everything else is the viewer's own wallets, signed in only.
 * A made-up message is refused on its content (400) once the caller is signed in.
 */
const expectations: RouteExpectation[] = [
  { route: 'GET /api/wallets/chains', expect: everyone(200) },
  { route: 'GET /api/wallets', request: () => ({ path: '/api/wallets' }), expect: signedIn(200) },
  {
    route: 'POST /api/wallets/nonce',
    request: () => ({ path: '/api/wallets/nonce', body: {} }),
    expect: signedIn(201),
  },
  {
    route: 'POST /api/wallets',
    request: () => ({
      path: '/api/wallets',
      body: { message: 'not a sign-in message', signature: `0x${'11'.repeat(65)}` },
    }),
    expect: signedIn(400),
  },
  // A transaction the chain does not know: 404 for every signed-in caller (the server reads receipts itself).
  {
    route: 'POST /api/wallets/coin-receipts',
    request: () => ({ path: '/api/wallets/coin-receipts', body: { txHash: `0x${'ab'.repeat(32)}` } }),
    expect: signedIn(404),
  },
  // Anyone may report a purchase (a buyer needs no account); a campaign without a deployed coin is 404 for all.
  {
    route: 'POST /api/wallets/coin-purchases',
    request: () => ({
      path: '/api/wallets/coin-purchases',
      body: { campaignId: crypto.randomUUID(), txHash: `0x${'ab'.repeat(32)}` },
    }),
    expect: everyone(404),
  },
  // Nobody has a wallet on this chain: 404 for every signed-in caller, never someone else's.
  { route: 'DELETE /api/wallets/:chainId', request: () => ({ path: '/api/wallets/84532' }), expect: signedIn(404) },
];
export default expectations;
