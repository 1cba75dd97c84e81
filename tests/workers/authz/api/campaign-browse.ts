import type { RouteExpectation } from '../types';
import { everyone } from '../types';

// The public list of campaigns and its cards' figures (docs/campaigns.md): anyone's, public campaigns only.
const expectations: RouteExpectation[] = [
  { route: 'GET /api/campaigns/browse', expect: everyone(200) },
  {
    route: 'GET /api/campaigns/figures',
    request: () => ({ path: '/api/campaigns/figures?ids=no-such-id' }),
    expect: everyone(200),
  },
];
export default expectations;
