import { REPORT_TEXT } from '../../../functions/domain/reports/texts';
import { api, call, messageOr } from '../../lib/api-client';
import { toast, toastAfterNavigation } from '../../stores/toast';

/**
 * The admin's Reports tab (src/components/dashboard/admin/reports.astro): dismiss an item's
 * reports, hide the item with a reason for its owner, or pause a reported film's live campaign;
 * then the tab again with the toast.
 */
const NO_BODY = { headers: { 'content-type': 'application/json' }, init: { body: '{}' } };

for (const group of document.querySelectorAll<HTMLElement>('[data-report-group]')) {
  const form = group.querySelector<HTMLFormElement>('[data-report-decide]');
  const ready = group.querySelector<HTMLFieldSetElement>('[data-report-decide-ready]');
  if (!form || !ready) continue;
  ready.disabled = false;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const action = ((e as SubmitEvent).submitter as HTMLButtonElement | null)?.value;
    const param = { kind: group.dataset.kind ?? '', id: group.dataset.itemId ?? '' };
    const reason = (form.elements.namedItem('reason') as HTMLInputElement).value.trim();
    if (action === 'hide' && !reason) {
      toast(REPORT_TEXT.reportHideReasonRequired, 'error');
      return;
    }
    const item = api.reports[':kind'][':id'];
    const campaignId = group.querySelector<HTMLElement>('[data-report-pause]')?.dataset.reportPause ?? '';
    ready.disabled = true;
    try {
      if (action === 'hide') await call(item.hide.$post({ param, json: { reason } }));
      else if (action === 'pause') await call(api.campaigns[':id'].pause.$post({ param: { id: campaignId } }, NO_BODY));
      else await call(item.dismiss.$post({ param }, NO_BODY));
    } catch (err) {
      toast(messageOr(err, REPORT_TEXT.reportActionFailed), 'error');
      ready.disabled = false;
      return;
    }
    const done =
      action === 'hide'
        ? REPORT_TEXT.reportHidden
        : action === 'pause'
          ? REPORT_TEXT.reportPaused
          : REPORT_TEXT.reportDismissed;
    toastAfterNavigation(done, 'success');
    location.reload();
  });
}
