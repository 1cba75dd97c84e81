import { ADMIN_PAGE, type PageExpectation, PUBLIC_PAGE } from '../types';

const rows: PageExpectation[] = [
  // The worker answers short links itself: an unknown code goes home, signed in or not.
  {
    page: '/s/:shortCode',
    path: () => '/s/nosuchcode',
    expect: { anonymous: 'home', viewer: 'home', user: 'home', contributor: 'home', editor: 'home', admin: 'home' },
  },
  // The coming-soon preview is for admins only (the public coming-soon page is the gate itself).
  { page: '/admin/coming-soon-preview', expect: ADMIN_PAGE },
  // Exists only with ENVIRONMENT=local, which is how the tests run.
  { page: '/dev/outbox', expect: PUBLIC_PAGE },
];
export default rows;
