import { type PageExpectation, PUBLIC_PAGE } from '../types';

const rows: PageExpectation[] = [
  { page: '/faq', expect: PUBLIC_PAGE },
  { page: '/coins-faq', expect: PUBLIC_PAGE },
  { page: '/contact', expect: PUBLIC_PAGE },
  { page: '/privacy', expect: PUBLIC_PAGE },
  { page: '/terms', expect: PUBLIC_PAGE },
];
export default rows;
