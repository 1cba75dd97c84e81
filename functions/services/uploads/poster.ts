import { type Actor, authorize } from '../../auth/authorize';
import { parseInput } from '../../domain/input';
import { posterQuery } from '../../domain/uploads/input';
import type { Deps } from '../../platform/deps';
import { uploadView } from './internal/upload-rows';
import { storePoster } from './lib/poster-store';

/** A poster is one PUT: checked by its leading bytes, stored in R2, recorded as a completed upload. */
export async function uploadPoster(
  deps: Pick<Deps, 'db' | 'media'>,
  actor: Actor,
  body: ArrayBuffer,
  fileName: string,
) {
  const viewer = authorize(actor, 'upload.own');
  ({ name: fileName } = parseInput(posterQuery, { name: fileName }));
  const stored = await storePoster(deps, viewer.userId, body, fileName);
  try {
    const [row] = await stored.insert(deps.db);
    if (!row) throw new Error('poster row not written');
    return uploadView(row);
  } catch (err) {
    await stored.discard();
    throw err;
  }
}
