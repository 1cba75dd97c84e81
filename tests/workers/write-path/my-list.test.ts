import { describe } from 'vitest';
import { addToMyList, removeFromMyList } from '../../../functions/services/my-list';
import { makeFilm } from '../campaign-factories';
import { asViewer, jsonInit, makeUser } from '../factories';
import { call } from '../worker-call';
import { scenario } from './harness';

/* A person's own list: personal bookkeeping, neither audited nor owing anything. */

async function listed() {
  const owner = await makeUser(['contributor'], 'wpl_owner');
  const fan = await makeUser([], 'wpl_fan');
  const filmId = await makeFilm(owner.id);
  const res = await call(`/api/my-list/${filmId}`, jsonInit('PUT', {}, fan.cookie));
  if (res.status >= 300) throw new Error(`not listed: ${res.status} ${await res.text()}`);
  return { fan, filmId };
}

describe('write path: my list', { timeout: 30_000 }, () => {
  scenario('my-list/add#addToMyList', {
    setup: async () => ({
      fan: await makeUser([], 'wpl_fan'),
      filmId: await makeFilm((await makeUser(['contributor'], 'wpl_owner')).id),
    }),
    run: (s, f) => addToMyList(s, asViewer(f.fan, ['viewer']), f.filmId),
    // A film that is not in the catalogue: 404.
    refuse: (s, f) => addToMyList(s, asViewer(f.fan, ['viewer']), crypto.randomUUID()),
  });

  scenario('my-list/remove#removeFromMyList', {
    setup: listed,
    run: (s, f) => removeFromMyList(s, asViewer(f.fan, ['viewer']), f.filmId),
  });
});
