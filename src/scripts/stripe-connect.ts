import { api, call, messageOr } from '../lib/api-client';

/**
 * Stripe's onboarding links are single-use and expire within minutes: each visit asks for a fresh
 * one (the server makes the account the first time) and leaves for it.
 */
const status = document.querySelector<HTMLElement>('[data-connect-status]');
const error = document.querySelector<HTMLElement>('[data-connect-error]');
const actions = document.querySelector<HTMLElement>('[data-connect-actions]');

async function go() {
  if (error) error.hidden = true;
  if (actions) actions.hidden = true;
  if (status) status.hidden = false;
  let failure = 'Stripe could not be reached. Please try again in a moment.';
  try {
    const { url } = await call(
      api.payouts.connect.$post(undefined, { headers: { 'content-type': 'application/json' }, init: { body: '{}' } }),
    );
    if (url) {
      location.replace(url);
      return;
    }
  } catch (err) {
    failure = messageOr(err, failure);
  }
  if (status) status.hidden = true;
  if (error) {
    error.textContent = failure;
    error.hidden = false;
  }
  if (actions) actions.hidden = false;
}

document.querySelector('[data-connect-retry]')?.addEventListener('click', () => void go());
void go();
