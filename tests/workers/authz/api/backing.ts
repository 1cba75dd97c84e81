import { type RouteExpectation, signedIn } from '../types';

/** A backer's own payments: anyone signed in gets theirs (none, here); signed out is 401. */
const expectations: RouteExpectation[] = [
  { route: 'GET /api/me/backing', expect: signedIn(200) },
  {
    route: 'GET /api/me/backing.csv',
    request: () => ({ path: '/api/me/backing.csv?year=2026' }),
    expect: signedIn(200),
  },
];
export default expectations;
