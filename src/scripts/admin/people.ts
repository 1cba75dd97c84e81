import { PEOPLE_TEXT } from '../../../functions/domain/people/texts';
import type { Role } from '../../../functions/domain/users/roles';
import { api, call, messageOr } from '../../lib/api-client';
import { toast, toastAfterNavigation } from '../../stores/toast';

/** The admin's People tab: grant or revoke a role with a reason, then the person's page again with the toast. */
for (const form of document.querySelectorAll<HTMLFormElement>('[data-role-form]')) {
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const id = form.dataset.roleForm;
    const revoking = ((e as SubmitEvent).submitter as HTMLButtonElement | null)?.value === 'revoke';
    const role = String(new FormData(form).get('role') ?? '') as Role;
    const reason = (form.querySelector<HTMLInputElement>('input[name="reason"]')?.value ?? '').trim();
    for (const b of form.querySelectorAll('button')) b.disabled = true;
    const roles = api.admin.people[':id'].roles;
    const args = { param: { id: id ?? '' }, json: { role, reason } };
    try {
      await (revoking ? call(roles.revoke.$post(args)) : call(roles.$post(args)));
    } catch (err) {
      toast(messageOr(err, 'The role could not be changed'), 'error');
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
    try {
      const args = { param: { id: form.dataset.suspendForm ?? '' }, json: { reason } };
      const person = api.admin.people[':id'];
      await (action === 'reinstate' ? call(person.reinstate.$post(args)) : call(person.suspend.$post(args)));
    } catch (err) {
      toast(messageOr(err, 'The account could not be changed'), 'error');
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

/** An admin's note on the person, then the person's page again with the toast. */
for (const form of document.querySelectorAll<HTMLFormElement>('[data-note-form]')) {
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = (form.querySelector<HTMLTextAreaElement>('textarea[name="body"]')?.value ?? '').trim();
    for (const b of form.querySelectorAll('button')) b.disabled = true;
    try {
      await call(api.admin.people[':id'].notes.$post({ param: { id: form.dataset.noteForm ?? '' }, json: { body } }));
    } catch (err) {
      toast(messageOr(err, 'The note could not be added'), 'error');
      for (const b of form.querySelectorAll('button')) b.disabled = false;
      return;
    }
    toastAfterNavigation(PEOPLE_TEXT.noteAdded, 'success');
    location.reload();
  });
}
