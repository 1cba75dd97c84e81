import { api, call, messageOr } from '../lib/api-client';
import { toast } from '../stores/toast';

/**
 * The fund form: checks the amount, then starts a checkout (one attempt id per form). It closes
 * itself when the server stops opening checkouts (data-closes-in-ms, by the server's clock when the
 * page was made), so it never offers a payment that would be refused.
 */
const MIN = 100;
const MAX = 1_000_000;
/** setTimeout fires at once for longer delays; a page open that long re-checks on focus and submit. */
const MAX_TIMER_MS = 2_147_483_647;

/** Time since the page was made: the larger of two clocks, since a sleeping machine pauses one and a set clock jumps the other. */
function elapsedSince(startPerf: number, startDate: number) {
  return Math.max(performance.now() - startPerf, Date.now() - startDate);
}

for (const form of document.querySelectorAll<HTMLFormElement>('[data-fund-form] form')) {
  const attemptId = crypto.randomUUID();
  const error = form.querySelector<HTMLElement>('[data-error]');
  const closedNote = form.closest('[data-fund-form]')?.querySelector<HTMLElement>('[data-fund-closed]');
  const closesIn = form.dataset.closesInMs ? Number(form.dataset.closesInMs) : Number.NaN;
  const [startPerf, startDate] = [performance.now(), Date.now()];
  const left = () => (Number.isFinite(closesIn) ? closesIn - elapsedSince(startPerf, startDate) : Infinity);
  /** Hides the form once checkouts closed; true when it is closed. */
  const closeIfDue = () => {
    if (left() > 0) return false;
    form.hidden = true;
    if (closedNote) closedNote.hidden = false;
    return true;
  };
  const watch = () => {
    if (!closeIfDue() && left() < MAX_TIMER_MS) setTimeout(watch, Math.max(1, left()));
  };
  watch();
  document.addEventListener('visibilitychange', closeIfDue);
  window.addEventListener('focus', closeIfDue);
  const fail = (message: string) => {
    if (error) {
      error.textContent = message;
      error.hidden = false;
    }
  };
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (closeIfDue()) return;
    if (error) error.hidden = true;
    const data = new FormData(form);
    const custom = String(data.get('custom') ?? '').trim();
    const cents = custom ? Math.round(Number(custom) * 100) : Number(data.get('preset'));
    if (!Number.isFinite(cents) || cents < MIN) return fail('The minimum is $1.');
    if (cents > MAX) return fail('The maximum per payment is $10,000.');
    const email = data.get('email');
    const source = form.dataset.source === 'donation' || form.dataset.source === 'funding' ? form.dataset.source : null;
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
    if (button) button.disabled = true;
    try {
      const body = await call(
        api.campaigns[':id'].checkout.$post({
          param: { id: form.dataset.campaign ?? '' },
          json: {
            amountCents: cents,
            attemptId,
            ...(source ? { source } : {}),
            ...(email ? { guestEmail: String(email) } : {}),
          },
        }),
      );
      window.location.assign(body.url ?? '/');
    } catch (err) {
      const message = messageOr(err, 'Payment could not be started');
      fail(message);
      toast(message, 'error');
      if (button) button.disabled = false;
    }
  });
}
