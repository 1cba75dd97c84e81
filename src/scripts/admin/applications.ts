import { CAMPAIGN_FORM_TEXT } from '../../../functions/domain/campaigns/form-texts';
import { api, call, messageOr } from '../../lib/api-client';
import { toast, toastAfterNavigation } from '../../stores/toast';

/**
 * The admin's campaign applications tab: approve or reject, then the tab again with the toast.
 */
for (const form of document.querySelectorAll<HTMLFormElement>('[data-decide]')) {
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const id = form.dataset.decide;
    const submitter = (e as SubmitEvent).submitter as HTMLButtonElement | null;
    const rejecting = submitter?.value === 'reject';
    const reason = (form.elements.namedItem('reason') as HTMLInputElement).value.trim();
    if (rejecting && !reason) {
      toast(CAMPAIGN_FORM_TEXT.rejectionReasonRequired, 'error');
      return;
    }
    for (const b of form.querySelectorAll('button')) b.disabled = true;
    const campaign = api.campaigns[':id'];
    const param = { id: id ?? '' };
    try {
      await call(
        rejecting
          ? campaign.reject.$post({ param, json: { reason } })
          : campaign.approve.$post(
              { param },
              { headers: { 'content-type': 'application/json' }, init: { body: '{}' } },
            ),
      );
    } catch (err) {
      toast(messageOr(err, 'The decision could not be saved'), 'error');
      for (const b of form.querySelectorAll('button')) b.disabled = false;
      return;
    }
    toastAfterNavigation(rejecting ? 'Campaign rejected' : 'Campaign approved', 'success');
    location.reload();
  });
}
