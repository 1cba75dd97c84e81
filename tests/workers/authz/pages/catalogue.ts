import { type PageExpectation, PUBLIC_PAGE, SIGNED_IN_PAGE } from '../types';

const rows: PageExpectation[] = [
  { page: '/', expect: PUBLIC_PAGE },
  { page: '/browse-by-category', expect: SIGNED_IN_PAGE },
  { page: '/new-and-popular', expect: SIGNED_IN_PAGE },
  { page: '/my-list', expect: SIGNED_IN_PAGE },
  // Public like the film page (docs/campaigns.md).
  { page: '/campaigns', expect: PUBLIC_PAGE },
  { page: '/search', path: () => '/search?q=film', expect: PUBLIC_PAGE },
  // The film page is public (watching needs sign-in, decided by the media route).
  { page: '/movie/:movieId', path: (f) => `/movie/${f.movieId}`, expect: PUBLIC_PAGE },
  { page: '/movie/:movieId/creators', path: (f) => `/movie/${f.movieId}/creators`, expect: SIGNED_IN_PAGE },
  { page: '/creator/:creatorId', expect: SIGNED_IN_PAGE },
  { page: '/test-streaming', expect: SIGNED_IN_PAGE },
  { page: '/video-test', expect: SIGNED_IN_PAGE },
];
export default rows;
