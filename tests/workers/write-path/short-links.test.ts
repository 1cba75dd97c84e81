import { describe } from 'vitest';
import { createShortLink, sharePage } from '../../../functions/services/short-links';
import { makeFilm } from '../campaign-factories';
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

  scenario('short-links/share#sharePage', {
    setup: async () => {
      const viewer = asViewer(await makeUser([], 'wps_sharer'), ['viewer']);
      return { viewer, filmId: await makeFilm(viewer.userId) };
    },
    run: (s, { viewer, filmId }) => sharePage(s, viewer, { page: 'film', id: filmId }),
    // A film that does not exist: 404.
    refuse: (s, { viewer }) => sharePage(s, viewer, { page: 'film', id: crypto.randomUUID() }),
  });
});
