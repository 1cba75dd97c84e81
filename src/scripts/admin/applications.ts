import { CAMPAIGN_FORM_TEXT } from '../../../functions/domain/campaigns/form-texts';
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
    const res = await fetch(`/api/campaigns/${id}/${rejecting ? 'reject' : 'approve'}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(rejecting ? { reason } : {}),
    }).catch(() => null);
    if (!res?.ok) {
      const data = (await res?.json().catch(() => null)) as { error?: { message?: string } } | null;
      toast(data?.error?.message ?? 'The decision could not be saved', 'error');
      for (const b of form.querySelectorAll('button')) b.disabled = false;
      return;
    }
    toastAfterNavigation(rejecting ? 'Campaign rejected' : 'Campaign approved', 'success');
    location.reload();
  });
}
