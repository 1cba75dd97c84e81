import { describe } from 'vitest';
import { recordView, saveProgress } from '../../../functions/services/watch';
import { makeFilm } from '../campaign-factories';
import { asViewer, makeUser } from '../factories';
import { scenario } from './harness';

/* What a person watched: personal bookkeeping, neither audited nor owing anything. */

async function watching() {
  const owner = await makeUser(['contributor'], 'wpw_owner');
  const fan = await makeUser([], 'wpw_fan');
  return { fan: asViewer(fan, ['viewer']), filmId: await makeFilm(owner.id) };
}

describe('write path: watch', { timeout: 30_000 }, () => {
  scenario('watch/progress#saveProgress', {
    setup: watching,
    run: (s, f) => saveProgress(s, f.fan, f.filmId, { positionSeconds: 42, durationSeconds: 5400 }),
    // A film that does not exist: 404.
    refuse: (s, f) => saveProgress(s, f.fan, crypto.randomUUID(), { positionSeconds: 42, durationSeconds: 5400 }),
  });

  scenario('watch/view#recordView', {
    setup: watching,
    run: (s, f) => recordView(s, f.fan, f.filmId),
    refuse: (s, f) => recordView(s, f.fan, crypto.randomUUID()),
  });
});
