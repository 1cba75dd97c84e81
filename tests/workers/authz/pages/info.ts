import { type PageExpectation, PUBLIC_PAGE } from '../types';

// Issue 46: the content editor opens for editors and admins only.
const EDITOR_PAGE = {
  anonymous: 'sign-in',
  viewer: 'home',
  user: 'home',
  contributor: 'home',
  editor: 'page',
  admin: 'page',
} as const;

const rows: PageExpectation[] = [
  { page: '/faq', expect: PUBLIC_PAGE },
  { page: '/coins-faq', expect: PUBLIC_PAGE },
  { page: '/contact', expect: PUBLIC_PAGE },
  { page: '/privacy', expect: PUBLIC_PAGE },
  { page: '/terms', expect: PUBLIC_PAGE },
  { page: '/admin/content-editor', expect: EDITOR_PAGE },
];
export default rows;
