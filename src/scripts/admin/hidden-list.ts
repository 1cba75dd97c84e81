import { REPORT_TEXT } from '../../../functions/domain/reports/texts';
import { api, call, messageOr } from '../../lib/api-client';
import { toast } from '../../stores/toast';

/**
 * The Reports tab's Hidden list (src/components/reports/HiddenList.astro): Unhide asks first, then
 * shows the item again through the reports' own verb (POST /api/reports/{kind}/{id}/unhide, audited);
 * the row leaves the list and a toast says so.
 */
const NO_BODY = { headers: { 'content-type': 'application/json' }, init: { body: '{}' } };
const list = document.querySelector<HTMLElement>('[data-hidden-list]');
const count = list?.querySelector<HTMLElement>('[data-hidden-count]');

for (const row of document.querySelectorAll<HTMLElement>('[data-hidden-item]')) {
  const unhide = row.querySelector<HTMLButtonElement>('[data-unhide]');
  const confirm = row.querySelector<HTMLElement>('[data-unhide-confirm]');
  const yes = row.querySelector<HTMLButtonElement>('[data-unhide-yes]');
  const cancel = row.querySelector<HTMLButtonElement>('[data-unhide-cancel]');
  if (!unhide || !confirm || !yes || !cancel) continue;
  const asking = (on: boolean) => {
    unhide.hidden = on;
    confirm.hidden = !on;
    (on ? yes : unhide).focus();
  };
  unhide.disabled = false;
  unhide.addEventListener('click', () => asking(true));
  cancel.addEventListener('click', () => asking(false));
  yes.addEventListener('click', async () => {
    yes.disabled = true;
    cancel.disabled = true;
    try {
      const param = { kind: row.dataset.kind ?? '', id: row.dataset.itemId ?? '' };
      await call(api.reports[':kind'][':id'].unhide.$post({ param }, NO_BODY));
    } catch (err) {
      toast(messageOr(err, REPORT_TEXT.reportActionFailed), 'error');
      yes.disabled = false;
      cancel.disabled = false;
      return;
    }
    row.remove();
    if (count) count.textContent = String(Math.max(0, Number(count.textContent) - 1));
    if (list && !list.querySelector('[data-hidden-item]'))
      list.querySelector<HTMLElement>('[data-hidden-empty]')?.removeAttribute('hidden');
    toast(REPORT_TEXT.hiddenUnhidden, 'success');
  });
}
