import { describe } from 'vitest';
import { createShortLink } from '../../../functions/services/short-links';
import { asViewer, makeUser } from '../factories';
import { scenario } from './harness';

/* A short link to a page: personal bookkeeping, neither audited nor owing anything. */

describe('write path: short links', { timeout: 30_000 }, () => {
  scenario('short-links/create#createShortLink', {
    setup: async () => asViewer(await makeUser([], 'wps_linker'), ['viewer']),
    run: (s, viewer) => createShortLink(s, viewer, { path: `/search?q=${crypto.randomUUID()}` }),
    // Not a page of this site: 400.
    refuse: (s, viewer) => createShortLink(s, viewer, { path: 'https://elsewhere.example/x' }),
  });
});
