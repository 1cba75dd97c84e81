import { postListing, requestCollaboration } from '../../../../functions/services/marketplace';
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
/*
 * Requests and collaborations: the listing's author (owner) and the requester (member) are its two
 * parties; anyone else gets 404, as for an id that does not exist.
 */
let requester: Promise<TestUser> | undefined;
const requestSetup = async (): Promise<Fixture> => {
  const f = await listingSetup();
  requester ??= makeUser([], 'asker');
  const member = await requester;
  const { id } = await requestCollaboration(testDeps(), asViewer(member, ['viewer']), f.listingId as string, {
    message: 'Matrix: may I join?',
  });
  return { ...f, member, requestId: id };
};
const parties = (owner: number, member: number): Outcomes => ({ ...signedIn(404), owner, member });
const collab =
  (suffix = '', body?: unknown) =>
  (_a: TestUser | null, f: Fixture) => ({ path: `/api/marketplace/collaborations/${f.requestId}${suffix}`, body });

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
  {
    // Anyone but the author may ask; the author asking on their own listing is a 400.
    route: 'POST /api/marketplace/:id/requests',
    setup: listingSetup,
    request: at('/requests', { message: 'Matrix: count me in' }),
    expect: { ...signedIn(201), owner: 400 },
  },
  {
    route: 'GET /api/marketplace/collaborations/:id',
    setup: requestSetup,
    request: collab(),
    expect: parties(200, 200),
  },
  {
    route: 'POST /api/marketplace/collaborations/:id/accept',
    setup: requestSetup,
    request: collab('/accept', { message: 'Welcome' }),
    expect: parties(200, 403),
  },
  {
    route: 'POST /api/marketplace/collaborations/:id/decline',
    setup: requestSetup,
    request: collab('/decline', { message: 'Not now' }),
    expect: parties(200, 403),
  },
  {
    // A waiting request is not yet a collaboration to agree to.
    route: 'POST /api/marketplace/collaborations/:id/agree',
    setup: requestSetup,
    request: collab('/agree', {}),
    expect: parties(409, 409),
  },
  {
    // A waiting request: its requester withdraws it; its author declines it instead.
    route: 'POST /api/marketplace/collaborations/:id/withdraw',
    setup: requestSetup,
    request: collab('/withdraw', {}),
    expect: parties(403, 200),
  },
];
export default expectations;
