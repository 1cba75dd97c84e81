import { api, call, messageOr } from '../lib/api-client';

/**
 * The guest link request on /backing: sends the email and shows the server's answer, the same
 * whether or not the address paid. The button is enabled once this script runs (a press before
 * would be lost).
 */
for (const form of document.querySelectorAll<HTMLFormElement>('[data-guest-link-form]')) {
  const status = form.parentElement?.querySelector<HTMLElement>('[data-guest-link-status]');
  const button = form.querySelector<HTMLButtonElement>('[data-guest-link-submit]');
  if (button) button.disabled = false;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const email = String(new FormData(form).get('email') ?? '').trim();
    if (!email) return;
    if (button) button.disabled = true;
    try {
      const body = await call(api.payments['backing-link'].$post({ json: { email } }));
      if (status) status.textContent = body.message;
    } catch (err) {
      if (status) status.textContent = messageOr(err, 'The link could not be sent. Please try again.');
    } finally {
      if (button) button.disabled = false;
    }
  });
}
