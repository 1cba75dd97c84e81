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
  const res = await fetch('/api/payouts/connect', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).catch(() => null);
  const data = (await res?.json().catch(() => null)) as { url?: string; error?: { message?: string } } | null;
  if (res?.ok && data?.url) {
    location.replace(data.url);
    return;
  }
  if (status) status.hidden = true;
  if (error) {
    error.textContent = data?.error?.message ?? 'Stripe could not be reached. Please try again in a moment.';
    error.hidden = false;
  }
  if (actions) actions.hidden = false;
}

document.querySelector('[data-connect-retry]')?.addEventListener('click', () => void go());
void go();

// A module, not a script: its names stay its own.
export {};
