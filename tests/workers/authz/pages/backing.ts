import { type PageExpectation, SIGNED_IN_PAGE } from '../types';

/** The backer's pages (docs/backing.md): signed in; a receipt that is not the viewer's is a 404 when rendered. */
const rows: PageExpectation[] = [
  { page: '/backing', expect: SIGNED_IN_PAGE },
  { page: '/backing/receipts/:sessionId', path: () => '/backing/receipts/cs_test_unknown', expect: SIGNED_IN_PAGE },
];
export default rows;
