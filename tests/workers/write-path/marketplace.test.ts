import { beforeAll, describe } from 'vitest';
import {
  acceptRequest,
  agreeToCollaboration,
  closeListing,
  declineRequest,
  editListing,
  postListing,
  reopenListing,
  requestCollaboration,
  withdrawCollaboration,
} from '../../../functions/services/marketplace';
import { asViewer, jsonInit, makeUser, type TestUser } from '../factories';
import { call, testDeps } from '../worker-call';
import { scenario } from './harness';

/*
 * The marketplace's listings, requests and collaborations: audited, owing no follow-ups
 * (docs/marketplace.md).
 */

let author: TestUser;
let asker: TestUser;
const authorV = () => asViewer(author, ['viewer']);
const askerV = () => asViewer(asker, ['viewer']);
const body = {
  role: 'editor',
  kind: 'offering',
  title: 'Editor for short films',
  description: 'I cut documentaries.',
  pay: 'paid',
} as const;

beforeAll(async () => {
  author = await makeUser(['viewer'], 'wpm_author');
  asker = await makeUser(['viewer'], 'wpm_asker');
});

const listing = async () => (await postListing(testDeps(), authorV(), body)).id;
const closed = async () => {
  const id = await listing();
  await closeListing(testDeps(), authorV(), id);
  return id;
};

const waiting = async () => {
  const listingId = await listing();
  return (await requestCollaboration(testDeps(), askerV(), listingId, { message: 'May I join?' })).id;
};
const accepted = async () => {
  const id = await waiting();
  await acceptRequest(testDeps(), authorV(), id, { message: 'Welcome' });
  return id;
};
const answer = { message: 'Thanks' };

describe('write path: marketplace', { timeout: 30_000 }, () => {
  scenario('marketplace/post#postListing', {
    setup: async () => body,
    run: (s, b) => postListing(s, authorV(), b),
    route: (b) => call('/api/marketplace', jsonInit('POST', b, author.cookie)),
    // A campaign that is not the author's: 400.
    refuse: (s, b) => postListing(s, authorV(), { ...b, campaignId: 'no-such-campaign' }),
  });

  scenario('marketplace/edit#editListing', {
    setup: listing,
    run: (s, id) => editListing(s, authorV(), id, { title: 'Editor, again' }),
    route: (id) => call(`/api/marketplace/${id}`, jsonInit('PATCH', { title: 'Editor, again' }, author.cookie)),
    refuse: (s) => editListing(s, authorV(), crypto.randomUUID(), { title: 'x' }),
  });

  scenario('marketplace/status#closeListing', {
    setup: listing,
    run: (s, id) => closeListing(s, authorV(), id),
    route: (id) => call(`/api/marketplace/${id}/close`, jsonInit('POST', {}, author.cookie)),
    refuse: (s) => closeListing(s, authorV(), crypto.randomUUID()),
  });

  scenario('marketplace/status#reopenListing', {
    setup: closed,
    run: (s, id) => reopenListing(s, authorV(), id),
    route: (id) => call(`/api/marketplace/${id}/reopen`, jsonInit('POST', {}, author.cookie)),
    refuse: (s) => reopenListing(s, authorV(), crypto.randomUUID()),
  });

  scenario('marketplace/request#requestCollaboration', {
    setup: listing,
    run: (s, id) => requestCollaboration(s, askerV(), id, { message: 'May I join?' }),
    route: (id) => call(`/api/marketplace/${id}/requests`, jsonInit('POST', { message: 'May I join?' }, asker.cookie)),
    // The author asking on their own listing: 400.
    refuse: (s, id) => requestCollaboration(s, authorV(), id, { message: 'Me?' }),
  });

  scenario('marketplace/respond#acceptRequest', {
    setup: waiting,
    run: (s, id) => acceptRequest(s, authorV(), id, answer),
    route: (id) => call(`/api/marketplace/collaborations/${id}/accept`, jsonInit('POST', answer, author.cookie)),
    refuse: (s, id) => acceptRequest(s, askerV(), id, answer),
  });

  scenario('marketplace/respond#declineRequest', {
    setup: waiting,
    run: (s, id) => declineRequest(s, authorV(), id, answer),
    route: (id) => call(`/api/marketplace/collaborations/${id}/decline`, jsonInit('POST', answer, author.cookie)),
    refuse: (s, id) => declineRequest(s, askerV(), id, answer),
  });

  scenario('marketplace/agree#agreeToCollaboration', {
    setup: async () => ({ id: await accepted(), waitingId: await waiting() }),
    run: (s, f) => agreeToCollaboration(s, authorV(), f.id),
    route: (f) => call(`/api/marketplace/collaborations/${f.id}/agree`, jsonInit('POST', {}, author.cookie)),
    // Agreeing to a request still waiting: 409.
    refuse: (s, f) => agreeToCollaboration(s, authorV(), f.waitingId),
  });

  scenario('marketplace/agree#withdrawCollaboration', {
    setup: async () => ({ id: await accepted(), waitingId: await waiting() }),
    run: (s, f) => withdrawCollaboration(s, askerV(), f.id),
    route: (f) => call(`/api/marketplace/collaborations/${f.id}/withdraw`, jsonInit('POST', {}, asker.cookie)),
    // The author withdrawing a request still waiting (they decline it instead): 403.
    refuse: (s, f) => withdrawCollaboration(s, authorV(), f.waitingId),
  });
});
