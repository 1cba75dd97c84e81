import { PROJECT_TEXT } from '../../functions/domain/projects/texts';
import { ApiError, api, call, messageOf } from '../lib/api-client';
import { toastAfterNavigation } from '../stores/toast';

/**
 * /post-project and /edit-project/{id} (docs/projects.md): uploads a chosen poster through the
 * posters' pipeline, then posts or saves the project with its roles needed, and goes to /projects.
 */
const form = document.querySelector<HTMLFormElement>('[data-project-form]');
const error = document.querySelector<HTMLElement>('[data-project-error]');
const submit = document.querySelector<HTMLButtonElement>('[data-project-submit]');

for (const f of document.querySelectorAll<HTMLFieldSetElement>('[data-ready-when-hydrated]')) f.disabled = false;

async function uploadPoster(file: File): Promise<string> {
  // The file is the body itself (no JSON), so it goes in as the request's init.
  const request = api.uploads.posters.$post(
    { query: { name: file.name } },
    { headers: { 'content-type': file.type || 'application/octet-stream' }, init: { body: file } },
  );
  try {
    return (await call(request)).upload.id;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 0) throw err;
    throw new ApiError(err.status, err.code, err.message, [{ path: 'posterUploadId', message: err.message }]);
  }
}

form?.addEventListener('submit', async (e) => {
  e.preventDefault();
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  const pay = (text('pay') || 'volunteer') as 'paid' | 'revenue_share' | 'volunteer';
  const roles = [
    ...data.getAll('listingId').map((id) => ({ listingId: String(id) })),
    ...data.getAll('newRole').map((role) => ({ role: String(role) as 'other', pay })),
  ];
  const id = form.dataset.projectId ?? '';
  if (error) error.textContent = '';
  if (submit) submit.disabled = true;
  try {
    const file = data.get('poster');
    const posterUploadId = file instanceof File && file.size > 0 ? await uploadPoster(file) : undefined;
    const body = {
      title: text('title'),
      logline: text('logline'),
      description: text('description'),
      stage: text('stage') as 'development',
      roles,
      ...(posterUploadId ? { posterUploadId } : {}),
      ...(form.elements.namedItem('campaignId') ? { campaignId: text('campaignId') || null } : {}),
      ...(form.elements.namedItem('filmId') ? { filmId: text('filmId') || null } : {}),
    };
    if (id) await call(api.projects[':id'].$patch({ param: { id }, json: body }));
    else await call(api.projects.index.$post({ json: body }));
    toastAfterNavigation(id ? PROJECT_TEXT.saved : PROJECT_TEXT.posted, 'success');
    location.assign('/projects#mine');
  } catch (err) {
    if (error) error.textContent = messageOf(err);
    if (submit) submit.disabled = false;
  }
});
