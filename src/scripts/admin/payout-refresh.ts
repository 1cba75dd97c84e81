import { api, call, messageOr } from '../../lib/api-client';
import { toast } from '../../stores/toast';

/**
 * The payout refresh page: asks Stripe for the state of open payouts and lists what changed.
 */
interface Change {
  kind: string;
  id: string;
  from: string;
  to: string;
  detail?: string;
}
const button = document.querySelector<HTMLButtonElement>('[data-refresh]');
const status = document.querySelector<HTMLElement>('[data-refresh-status]');
const result = document.querySelector<HTMLElement>('[data-refresh-result]');
const body = document.querySelector<HTMLElement>('[data-refresh-changes]');

button?.addEventListener('click', async () => {
  button.disabled = true;
  if (status) status.textContent = 'Checking with Stripe…';
  let data: { accounts?: number; changes?: Change[] } | null = null;
  let failure = 'Stripe could not be reached. Please try again in a moment.';
  try {
    data = await call(
      api.admin.payouts.refresh.$post(undefined, {
        headers: { 'content-type': 'application/json' },
        init: { body: '{}' },
      }),
    );
  } catch (err) {
    failure = messageOr(err, failure);
  }
  button.disabled = false;
  if (!data?.changes) {
    if (status) status.textContent = '';
    toast(failure, 'error');
    return;
  }
  const changes = data.changes;
  if (status) {
    status.textContent = `Checked ${data.accounts ?? 0} account(s): ${changes.length ? `${changes.length} change(s).` : 'everything was already up to date.'}`;
  }
  if (!body || !result) return;
  body.replaceChildren(
    ...changes.map((c) => {
      const tr = document.createElement('tr');
      tr.dataset.change = c.id;
      for (const text of [c.kind, c.id, c.from, c.to, c.detail ?? '']) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.appendChild(td);
      }
      return tr;
    }),
  );
  result.hidden = changes.length === 0;
});
