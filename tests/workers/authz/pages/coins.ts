import { type PageExpectation, PUBLIC_PAGE, SIGNED_IN_PAGE } from '../types';

const rows: PageExpectation[] = [
  { page: '/movie/:movieId/coins', path: (f) => `/movie/${f.movieId}/coins`, expect: PUBLIC_PAGE },
  { page: '/creator-coins-coming-soon', expect: PUBLIC_PAGE },
  { page: '/creator-token-management', expect: SIGNED_IN_PAGE },
];
export default rows;
