import { toast } from '../stores/toast';

/**
 * The fund form: checks the amount, then starts a checkout (one attempt id per form).
 */
const MIN = 100;
const MAX = 1_000_000;
for (const form of document.querySelectorAll<HTMLFormElement>('[data-fund-form] form')) {
  const attemptId = crypto.randomUUID();
  const error = form.querySelector<HTMLElement>('[data-error]');
  const fail = (message: string) => {
    if (error) {
      error.textContent = message;
      error.hidden = false;
    }
  };
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (error) error.hidden = true;
    const data = new FormData(form);
    const custom = String(data.get('custom') ?? '').trim();
    const cents = custom ? Math.round(Number(custom) * 100) : Number(data.get('preset'));
    if (!Number.isFinite(cents) || cents < MIN) return fail('The minimum is $1.');
    if (cents > MAX) return fail('The maximum per payment is $10,000.');
    const email = data.get('email');
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
    if (button) button.disabled = true;
    try {
      const res = await fetch(`/api/campaigns/${form.dataset.campaign}/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amountCents: cents, attemptId, ...(email ? { guestEmail: String(email) } : {}) }),
      });
      const body = (await res.json()) as { url?: string; error?: { message?: string } };
      if (!res.ok) throw new Error(body?.error?.message ?? 'Payment could not be started');
      window.location.assign(body.url ?? '/');
    } catch (err) {
      const message = err instanceof Error ? err.message : 'Payment could not be started';
      fail(message);
      toast(message, 'error');
      if (button) button.disabled = false;
    }
  });
}
