import { CONTENT_TEXT } from '../../../functions/domain/content/texts';
import { fillText } from '../../../functions/domain/fill-text';
import { api, call, messageOr } from '../../lib/api-client';
import { toast, toastAfterNavigation } from '../../stores/toast';

/** Admin ▸ Site settings: allow images from a host, or stop them; then the tab again with the toast. */
const form = document.querySelector<HTMLFormElement>('[data-image-host-form]');
form?.addEventListener('submit', async (e) => {
  e.preventDefault();
  const host = (form.querySelector<HTMLInputElement>('input[name="host"]')?.value ?? '').trim();
  const button = form.querySelector<HTMLButtonElement>('button');
  if (button) button.disabled = true;
  try {
    await call(api.content['image-hosts'].$post({ json: { host } }));
  } catch (err) {
    toast(messageOr(err, CONTENT_TEXT.imageHostsFailed), 'error');
    if (button) button.disabled = false;
    return;
  }
  toastAfterNavigation(fillText(CONTENT_TEXT.imageHostAdded, { host: host.toLowerCase() }), 'success');
  location.reload();
});

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-image-host-remove]')) {
  button.addEventListener('click', async () => {
    const host = button.dataset.imageHostRemove ?? '';
    button.disabled = true;
    try {
      await call(api.content['image-hosts'].remove.$post({ json: { host } }));
    } catch (err) {
      toast(messageOr(err, CONTENT_TEXT.imageHostsFailed), 'error');
      button.disabled = false;
      return;
    }
    toastAfterNavigation(fillText(CONTENT_TEXT.imageHostRemoved, { host }), 'success');
    location.reload();
  });
  button.disabled = false;
}
// Listening now: the add button may be pressed (the page renders it disabled until then).
const add = form?.querySelector<HTMLButtonElement>('[data-image-host-add]');
if (add) add.disabled = false;
