import { postListing } from '../../../../functions/services/marketplace';
import { asViewer, makeUser, type TestUser } from '../../factories';
import { testDeps } from '../../worker-call';
import type { Fixture, Outcomes, RouteExpectation } from '../types';
import { signedIn } from '../types';

/**
 * Issue 43, the marketplace's listings: any signed-in person browses, reads and posts; only the
 * author edits, closes and reopens (403 for anyone else, 404 for an id that does not exist).
 */
let author: Promise<TestUser> | undefined;
const listingSetup = async (): Promise<Fixture> => {
  author ??= makeUser([], 'lister');
  const owner = await author;
  const { id } = await postListing(testDeps(), asViewer(owner, ['viewer']), {
    role: 'sound',
    kind: 'seeking',
    title: 'Matrix sound recordist',
    description: 'For a short',
    pay: 'volunteer',
  });
  return { owner, listingId: id };
};
const authorOnly: Outcomes = { ...signedIn(403), owner: 200 };
const at =
  (suffix = '', body?: unknown) =>
  (_a: TestUser | null, f: Fixture) => ({ path: `/api/marketplace/${f.listingId}${suffix}`, body });

const expectations: RouteExpectation[] = [
  { route: 'GET /api/marketplace', expect: signedIn(200) },
  { route: 'GET /api/marketplace/mine', expect: signedIn(200) },
  {
    route: 'POST /api/marketplace',
    request: () => ({
      path: '/api/marketplace',
      body: { role: 'editor', kind: 'offering', title: 'Matrix editor', description: 'Cuts', pay: 'paid' },
    }),
    expect: signedIn(201),
  },
  { route: 'GET /api/marketplace/:id', setup: listingSetup, request: at(), expect: { ...signedIn(200), owner: 200 } },
  {
    route: 'PATCH /api/marketplace/:id',
    setup: listingSetup,
    request: at('', { title: 'Renamed' }),
    expect: authorOnly,
  },
  { route: 'POST /api/marketplace/:id/close', setup: listingSetup, request: at('/close', {}), expect: authorOnly },
  {
    // A fresh listing is open: reopening it is a 409 for its author.
    route: 'POST /api/marketplace/:id/reopen',
    setup: listingSetup,
    request: at('/reopen', {}),
    expect: { ...signedIn(403), owner: 409 },
  },
];
export default expectations;
