import { ADMIN_PAGE, CREATOR_PAGE, type PageExpectation } from '../types';

// Creator-only and admin-only pages send other signed-in users home.
const rows: PageExpectation[] = [
  { page: '/admin', expect: ADMIN_PAGE },
  { page: '/admin/add-movie', expect: ADMIN_PAGE },
  { page: '/admin/edit/:id', path: (f) => `/admin/edit/${f.movieId}`, expect: ADMIN_PAGE },
  { page: '/admin/edit/:id/contributors', path: (f) => `/admin/edit/${f.movieId}/contributors`, expect: ADMIN_PAGE },
  { page: '/admin/ai-video-scraper', expect: ADMIN_PAGE },
  { page: '/contributor', expect: CREATOR_PAGE },
  { page: '/contributor/add-movie', expect: CREATOR_PAGE },
  { page: '/contributor/upload', expect: CREATOR_PAGE },
  { page: '/contributor/edit/:id', path: (f) => `/contributor/edit/${f.movieId}`, expect: CREATOR_PAGE },
  {
    page: '/contributor/edit/:id/contributors',
    path: (f) => `/contributor/edit/${f.movieId}/contributors`,
    expect: CREATOR_PAGE,
  },
];
export default rows;
