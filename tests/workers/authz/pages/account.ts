import { type PageExpectation, PUBLIC_PAGE, SIGNED_IN_PAGE } from '../types';

const rows: PageExpectation[] = [
  { page: '/auth', expect: PUBLIC_PAGE },
  { page: '/account', expect: SIGNED_IN_PAGE },
  { page: '/notifications', expect: SIGNED_IN_PAGE },
];
export default rows;
