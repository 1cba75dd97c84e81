import { type PageExpectation, SIGNED_IN_PAGE } from '../types';

const rows: PageExpectation[] = [
  { page: '/messages', path: () => '/messages?newMessage=true', expect: SIGNED_IN_PAGE },
  { page: '/messages/:userId', expect: SIGNED_IN_PAGE },
];
export default rows;
