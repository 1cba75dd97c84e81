import { type Actor, authorize } from '../../auth/authorize';
import { conflict } from '../../domain/errors';
import { FILM_TEXT } from '../../domain/films/texts';
import { type Deps, mediaOf } from '../../platform/deps';
import { abortRow } from './internal/abort-row';
import { loadOwnUpload, uploadView } from './internal/upload-rows';

/** Cancels an unfinished upload: R2 drops its parts, the row says aborted. A second cancel is a no-op. */
export async function abortUpload(deps: Pick<Deps, 'db' | 'media' | 'clock' | 'followUps'>, actor: Actor, id: string) {
  const viewer = authorize(actor, 'upload.own');
  const { db } = deps;
  const row = await loadOwnUpload(db, viewer, id);
  if (row.status === 'completed') throw conflict(FILM_TEXT.uploadFinished);
  if (row.status === 'aborted') return uploadView(row);
  const aborted = await abortRow(deps, viewer, mediaOf(deps), row);
  return uploadView(aborted ?? { ...row, status: 'aborted' });
}
