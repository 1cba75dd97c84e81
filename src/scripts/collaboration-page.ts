import { MARKETPLACE_TEXT } from '../../functions/domain/marketplace/texts';
import { api, call, messageOf } from '../lib/api-client';
import { toastAfterNavigation } from '../stores/toast';

/**
 * /collaborate/{listingId}'s request form and the collaboration pages' actions (docs/marketplace.md):
 * send a request; accept or decline with a message; agree; withdraw. The pages are rendered by the
 * server; each change reloads (or, after a request, opens it) so they show what the server holds.
 */
for (const f of document.querySelectorAll<HTMLFieldSetElement>('[data-ready-when-hydrated]')) f.disabled = false;

const requestForm = document.querySelector<HTMLFormElement>('[data-request-form]');
requestForm?.addEventListener('submit', async (e) => {
  e.preventDefault();
  const error = requestForm.querySelector<HTMLElement>('[data-request-error]');
  const submit = requestForm.querySelector<HTMLButtonElement>('[data-request-submit]');
  const data = new FormData(requestForm);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  const id = requestForm.dataset.listingId ?? '';
  if (error) error.textContent = '';
  if (submit) submit.disabled = true;
  try {
    const campaign = requestForm.querySelector('[name="campaignId"]') ? { campaignId: text('campaignId') || null } : {};
    const { id: requestId } = await call(
      api.marketplace[':id'].requests.$post({
        param: { id },
        json: { message: text('message'), role: (text('role') || undefined) as 'other' | undefined, ...campaign },
      }),
    );
    toastAfterNavigation(MARKETPLACE_TEXT.requestSent, 'success');
    location.assign(`/collaboration/${encodeURIComponent(requestId)}`);
  } catch (err) {
    if (error) error.textContent = messageOf(err);
    if (submit) submit.disabled = false;
  }
});

const root = document.querySelector<HTMLElement>('[data-collaboration]');
const actions = document.querySelector<HTMLFormElement>('[data-collaboration-actions]');
actions?.addEventListener('submit', (e) => e.preventDefault());
actions?.addEventListener('click', async (e) => {
  const button = (e.target as HTMLElement).closest<HTMLButtonElement>('[data-collaboration-action]');
  const id = root?.dataset.collaboration;
  if (!button || !id) return;
  const error = actions.querySelector<HTMLElement>('[data-collaboration-error]');
  const message = String(new FormData(actions).get('message') ?? '').trim();
  const param = { id };
  if (error) error.textContent = '';
  button.disabled = true;
  try {
    const collab = api.marketplace.collaborations[':id'];
    switch (button.dataset.collaborationAction) {
      case 'accept':
        await call(collab.accept.$post({ param, json: { message } }));
        break;
      case 'decline':
        await call(collab.decline.$post({ param, json: { message } }));
        break;
      case 'agree':
        await call(collab.agree.$post({ param }));
        break;
      case 'withdraw':
        await call(collab.withdraw.$post({ param }));
        break;
      default:
        return;
    }
    location.reload();
  } catch (err) {
    if (error) error.textContent = messageOf(err);
    button.disabled = false;
  }
});
