import { CREATOR_PAGE, type PageExpectation, PUBLIC_PAGE, SIGNED_IN_PAGE } from '../types';

const rows: PageExpectation[] = [
  { page: '/join-us', expect: SIGNED_IN_PAGE },
  { page: '/apply', expect: PUBLIC_PAGE },
  { page: '/marketplace', expect: SIGNED_IN_PAGE },
  { page: '/collaborate/:listingId', expect: SIGNED_IN_PAGE },
  { page: '/collaboration/:id', expect: SIGNED_IN_PAGE },
  { page: '/contributor/collaboration/:id', expect: CREATOR_PAGE },
  { page: '/post-project', expect: SIGNED_IN_PAGE },
  { page: '/edit-project/:id', expect: SIGNED_IN_PAGE },
  { page: '/projects', expect: SIGNED_IN_PAGE },
];
export default rows;
