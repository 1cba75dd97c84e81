import { api, call, messageOf } from '../../lib/api-client';
import { toast, toastAfterNavigation } from '../../stores/toast';

/** The admins' creator applications: approve, or reject with a reason; then the tab again with a toast. */
for (const form of document.querySelectorAll<HTMLFormElement>('[data-decide-application]')) {
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const id = form.dataset.decideApplication ?? '';
    const rejecting = ((e as SubmitEvent).submitter as HTMLButtonElement | null)?.value === 'reject';
    const reason = (form.elements.namedItem('reason') as HTMLInputElement).value.trim();
    if (rejecting && !reason) {
      toast('Give a reason for the rejection: it is mailed to the applicant.', 'error');
      return;
    }
    for (const b of form.querySelectorAll('button')) b.disabled = true;
    try {
      if (rejecting) await call(api.applications[':id'].reject.$post({ param: { id }, json: { reason } }));
      else await call(api.applications[':id'].approve.$post({ param: { id } }));
      toastAfterNavigation(rejecting ? 'Application rejected' : 'Application approved', 'success');
      location.reload();
    } catch (err) {
      toast(messageOf(err), 'error');
      for (const b of form.querySelectorAll('button')) b.disabled = false;
    }
  });
}
