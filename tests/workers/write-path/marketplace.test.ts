import { beforeAll, describe } from 'vitest';
import { closeListing, editListing, postListing, reopenListing } from '../../../functions/services/marketplace';
import { asViewer, jsonInit, makeUser, type TestUser } from '../factories';
import { call, testDeps } from '../worker-call';
import { scenario } from './harness';

/*
 * The marketplace's listings: a person's own posts, neither audited nor owing follow-ups
 * (docs/marketplace.md).
 */

let author: TestUser;
const authorV = () => asViewer(author, ['viewer']);
const body = {
  role: 'editor',
  kind: 'offering',
  title: 'Editor for short films',
  description: 'I cut documentaries.',
  pay: 'paid',
} as const;

beforeAll(async () => {
  author = await makeUser(['viewer'], 'wpm_author');
});

const listing = async () => (await postListing(testDeps(), authorV(), body)).id;
const closed = async () => {
  const id = await listing();
  await closeListing(testDeps(), authorV(), id);
  return id;
};

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
});
