import { ADMIN_PAGE, CREATOR_PAGE, type PageExpectation, PUBLIC_PAGE, SIGNED_IN_PAGE } from '../types';

const rows: PageExpectation[] = [
  { page: '/movie/:movieId/fund', path: (f) => `/movie/${f.movieId}/fund`, expect: SIGNED_IN_PAGE },
  // A guest may give: the donation page and its success page are public.
  { page: '/movie/:movieId/donate', path: (f) => `/movie/${f.movieId}/donate`, expect: PUBLIC_PAGE },
  { page: '/donation-success', path: () => '/donation-success?session=cs_unknown', expect: PUBLIC_PAGE },
  { page: '/contributor/payouts', expect: CREATOR_PAGE },
  { page: '/redirect/stripe-connect', expect: SIGNED_IN_PAGE },
  { page: '/stripe-setup-complete', expect: PUBLIC_PAGE },
  { page: '/admin/payouts', expect: ADMIN_PAGE },
  { page: '/admin/payout-refresh', expect: ADMIN_PAGE },
];
export default rows;
