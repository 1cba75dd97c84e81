import { PEOPLE_TEXT } from '../../../functions/domain/people/texts';
import { toast, toastAfterNavigation } from '../../stores/toast';

/** The admin's People tab: grant or revoke a role with a reason, then the person's page again with the toast. */
for (const form of document.querySelectorAll<HTMLFormElement>('[data-role-form]')) {
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const id = form.dataset.roleForm;
    const revoking = ((e as SubmitEvent).submitter as HTMLButtonElement | null)?.value === 'revoke';
    const role = String(new FormData(form).get('role') ?? '');
    const reason = (form.querySelector<HTMLInputElement>('input[name="reason"]')?.value ?? '').trim();
    for (const b of form.querySelectorAll('button')) b.disabled = true;
    const res = await fetch(`/api/admin/people/${id}/roles${revoking ? '/revoke' : ''}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role, reason }),
    }).catch(() => null);
    if (!res?.ok) {
      const data = (await res?.json().catch(() => null)) as { error?: { message?: string } } | null;
      toast(data?.error?.message ?? 'The role could not be changed', 'error');
      for (const b of form.querySelectorAll('button')) b.disabled = false;
      return;
    }
    toastAfterNavigation(revoking ? PEOPLE_TEXT.roleRevoked : PEOPLE_TEXT.roleGranted, 'success');
    location.reload();
  });
}

/** Suspend or reinstate the account with a reason, then the person's page again with the toast. */
for (const form of document.querySelectorAll<HTMLFormElement>('[data-suspend-form]')) {
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const action = form.dataset.action === 'reinstate' ? 'reinstate' : 'suspend';
    const reason = (form.querySelector<HTMLInputElement>('input[name="reason"]')?.value ?? '').trim();
    for (const b of form.querySelectorAll('button')) b.disabled = true;
    const res = await fetch(`/api/admin/people/${form.dataset.suspendForm}/${action}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason }),
    }).catch(() => null);
    if (!res?.ok) {
      const data = (await res?.json().catch(() => null)) as { error?: { message?: string } } | null;
      toast(data?.error?.message ?? 'The account could not be changed', 'error');
      for (const b of form.querySelectorAll('button')) b.disabled = false;
      return;
    }
    toastAfterNavigation(
      action === 'reinstate' ? PEOPLE_TEXT.accountReinstated : PEOPLE_TEXT.accountSuspended,
      'success',
    );
    location.reload();
  });
}
