import { type PageExpectation, PUBLIC_PAGE, SIGNED_IN_PAGE } from '../types';

/** The backer's pages (docs/backing.md): signed in; a receipt that is not the viewer's is a 404 when rendered. */
const rows: PageExpectation[] = [
  // Signed out, a guest asks there for a link to their payments.
  { page: '/backing', expect: PUBLIC_PAGE },
  // The signed link is the credential; an invalid one renders its not-valid state.
  { page: '/backing/:token', path: () => `/backing/1.${'a'.repeat(30)}.1.sig`, expect: PUBLIC_PAGE },
  { page: '/backing/receipts/:sessionId', path: () => '/backing/receipts/cs_test_unknown', expect: SIGNED_IN_PAGE },
  // A guest's receipt: the signed link is the credential; an invalid one is the 404 page when rendered.
  {
    page: '/backing/:token/receipts/:sessionId',
    path: () => `/backing/1.${'a'.repeat(30)}.1.sig/receipts/cs_test_unknown`,
    expect: PUBLIC_PAGE,
  },
];
export default rows;
