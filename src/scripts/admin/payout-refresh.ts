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
  const res = await fetch('/api/admin/payouts/refresh', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).catch(() => null);
  button.disabled = false;
  const data = (await res?.json().catch(() => null)) as {
    accounts?: number;
    changes?: Change[];
    error?: { message?: string };
  } | null;
  if (!res?.ok || !data?.changes) {
    if (status) status.textContent = '';
    toast(data?.error?.message ?? 'Stripe could not be reached. Please try again in a moment.', 'error');
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
