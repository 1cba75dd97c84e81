import { CREATOR_PAGE, type PageExpectation, PUBLIC_PAGE } from '../types';

const rows: PageExpectation[] = [
  { page: '/movie/:movieId/coins', path: (f) => `/movie/${f.movieId}/coins`, expect: PUBLIC_PAGE },
  { page: '/creator-coins-coming-soon', expect: PUBLIC_PAGE },
  { page: '/creator-token-management', expect: CREATOR_PAGE },
];
export default rows;
