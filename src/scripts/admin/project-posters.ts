import { api, call, messageOf } from '../../lib/api-client';
import { toast } from '../../stores/toast';

/** The admins' project poster queue (docs/projects.md): approve or reject, then the row leaves. */
document.addEventListener('click', async (e) => {
  const button = (e.target as HTMLElement).closest<HTMLButtonElement>('[data-poster-review]');
  const row = button?.closest<HTMLElement>('[data-project-poster]');
  const id = row?.dataset.projectPoster;
  if (!button || !row || !id) return;
  const approve = button.dataset.posterReview === 'approve';
  button.disabled = true;
  try {
    await call(api.projects[':id']['poster-review'].$post({ param: { id }, json: { approve } }));
    toast(approve ? 'Poster approved' : 'Poster rejected', 'success');
    row.remove();
  } catch (err) {
    toast(messageOf(err), 'error');
    button.disabled = false;
  }
});
