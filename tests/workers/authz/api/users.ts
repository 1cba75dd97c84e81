import type { RouteExpectation } from '../types';
import { signedIn } from '../types';

/** Finding people: anyone signed in (usernames and avatars only), nobody signed out. */
const expectations: RouteExpectation[] = [
  {
    route: 'GET /api/users/search',
    request: () => ({ path: '/api/users/search?q=a' }),
    expect: signedIn(200),
  },
];
export default expectations;
